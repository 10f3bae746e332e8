// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: `enum { COMBINE = PROBE * 2 }` is defined from another enumerator, `PROBE = ((TYPE)-1) > 0`, which the kernel never names: the walk must follow folded constants into each other. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
enum { PROBE = ((TYPE)-1) > 0 };
enum { COMBINE = PROBE * 2 };

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (COMBINE == 2)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
