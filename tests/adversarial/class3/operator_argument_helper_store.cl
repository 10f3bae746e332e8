// expect: violation
// run: verify --n 8
// veriscan: inclusive threads=1
// id: genericity type_inspected line 19
// truth: take() stores to out and advances the cursor; inside OPERATOR it runs as many times as the operator's macro names its argument (twice for max written as a conditional, once for `+`), so the outputs depend on how the operator is spelled.
TYPE take(__global const TYPE *in, __global TYPE *out, uint *k)
{
    out[*k] = in[*k];
    *k = *k + 1;
    return in[*k - 1];
}

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = in[0];
    out[0] = acc;
    uint k = 1;
    while (k < N) {
        TYPE step = OPERATOR(acc, take(in, out, &k));
        acc = step;
        out[k - 1] = acc;
    }
}
