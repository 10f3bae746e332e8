// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 8
// truth: `uchar probe[(((TYPE)-1) > 0) + 1]` folds a cast to TYPE into an array bound that sizeof(probe) then reads: 2 bytes for unsigned TYPEs, 1 for signed ones. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    uchar probe[(((TYPE)-1) > 0) + 1];
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (sizeof(probe) == 2)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
