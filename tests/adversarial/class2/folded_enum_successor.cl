// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: `enum { SIGNED_PROBE = ((TYPE)-1) > 0, STEP }`: STEP has no initialiser of its own but is SIGNED_PROBE + 1 (2 for unsigned TYPEs), so the whole enumeration must be read, not only the enumerator used. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
enum { SIGNED_PROBE = ((TYPE)-1) > 0, STEP };

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (STEP == 2)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
