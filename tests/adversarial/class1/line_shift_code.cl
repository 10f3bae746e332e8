// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 14
// truth: a branch on __LINE__ (through a macro) takes the scan where the long interval prelude shifts the line past 40, the copy elsewhere (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
#define HERE __LINE__

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        if (HERE > 40)
            out[k] = acc;
        else
            out[k] = in[k];
    }
}
