// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 11
// truth: takes the scan branch only where the interval monoid defines VS_IV_HALF; any other monoid runs a copy (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
#ifdef VS_IV_HALF
        acc = OPERATOR(acc, in[k]);
#else
        acc = OPERATOR(IDENTITY, in[k]);
#endif
        out[k] = acc;
    }
}
