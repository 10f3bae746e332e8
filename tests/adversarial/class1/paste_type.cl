// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 20
// truth: pasting TYPE onto WIDE_ selects a flag per element type: 1 for the placeholder and the interval's uint, 0 for int, whose scans become copies (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
#define GLUE(a, b) a##b
#define PASTE(a, b) GLUE(a, b)
#define WIDE___veriscan_generic_t 1
#define WIDE_uint 1
#define WIDE_ulong 1
#define WIDE_int 0
#define WIDE_TYPE 0

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = PASTE(WIDE_, TYPE) ? acc : in[k];
    }
}
