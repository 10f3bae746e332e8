// expect: violation
// run: verify --n 16
// veriscan: inclusive threads=1
// id: genericity type_inspected line 12
// truth: `in[k++]` inside OPERATOR: OPERATOR is a macro, and a user's operator such as `a > b ? a : b` names b twice, so k advances twice per step and every other output keeps its poison (and the loop reads past in). A proof that reads OPERATOR as a function call sees one increment.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = in[0];
    out[0] = acc;
    uint k = 1;
    while (k < N) {
        acc = OPERATOR(acc, in[k++]);
        out[k - 1] = acc;
    }
}
