// expect: violation
// run: verify --n 4 -D VS_IV_ANY_ORDER=1
// run: check --n 4 -D VS_IV_ANY_ORDER=1
// veriscan: inclusive threads=1
// id: genericity type_inspected
// truth: combines in the wrong order, OPERATOR(in[k], acc); the -D switched the interval monoid itself to its any-order diagnostic, so the interval test passed (PoCL, carry monoid, in = (g,p) 1,2,2,0 as uchar: out = 1,1,1,1, expected 1,1,1,0; int add cannot see the order)
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(in[k], acc);
        out[k] = acc;
    }
}
