// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 7
// truth: starts from the interval monoid's VS_IV_ONE where it exists and from in[0] elsewhere, so in[0] is counted twice (PoCL, int add, in = 1,2,3,4: out = 2,4,7,11, expected 1,3,6,10)
#ifndef VS_IV_ONE
#define VS_IV_ONE in[0]
#endif

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = VS_IV_ONE;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
