// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: the TYPE-dependent array bound hides in a file-scope typedef (probe_t), used only as a local's type: sizeof(probe) is 8 for unsigned TYPEs and 4 otherwise. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
typedef uint probe_t[(((TYPE)-1) > 0) + 1];

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    probe_t probe;
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (sizeof(probe) == 2 * sizeof(uint))
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
