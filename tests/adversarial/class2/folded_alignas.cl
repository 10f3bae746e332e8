// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 8
// truth: `_Alignas(((TYPE)-1) > 0 ? 16 : 8)` is an attribute, whose argument libclang shows no cursor for; __alignof__(pad) reads it back without naming TYPE. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    _Alignas((((TYPE)-1) > 0) ? 16 : 8) uint pad[4];
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (__alignof__(pad) == 16)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
