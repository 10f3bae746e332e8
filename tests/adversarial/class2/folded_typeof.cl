// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 9
// truth: `__typeof__(acc) probe = -1` declares probe as TYPE without naming it and gives it a value no monoid operation made, so probe > 0 is the signedness test of TYPE: true for unsigned TYPEs, false otherwise (the operand of __typeof__ is itself TYPE in compile-time code; the IR check also sees the comparison). PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    __typeof__(acc) probe = -1;
    for (uint k = 0; k < N; k++) {
        if (probe > 0)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
