// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: `enum { UNSIGNED_TYPE = ((TYPE)-1) > 0 }` is folded at compile time (1 for the interval test's unsigned words, 0 for the proof's int), so the kernel scans only for unsigned TYPEs and copies otherwise; the IR never holds the cast. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
enum { UNSIGNED_TYPE = ((TYPE)-1) > 0 };

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (UNSIGNED_TYPE)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
