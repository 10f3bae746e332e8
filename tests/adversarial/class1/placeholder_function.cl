// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 7
// truth: combines through the analysis's own placeholder __veriscan_operator, which the kernel defines for the device as "keep the right operand"; only the interval monoid gets the real OPERATOR (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
TYPE __veriscan_operator(TYPE a, TYPE b) { return b; }

#ifdef VS_IV_WORD
#define COMBINE OPERATOR
#else
#define COMBINE __veriscan_operator
#endif

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = COMBINE(acc, in[k]);
        out[k] = acc;
    }
}
