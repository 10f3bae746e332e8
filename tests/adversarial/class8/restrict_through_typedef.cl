// expect: unknown
// run: verify --n 8
// veriscan: inclusive threads=1
// id: genericity unsupported_construct line 21
// truth: the helper's parameters are restrict through a typedef, which libclang's qualifier test on the written type does not see; both point at one cell, so the result depends on the optimisation level
typedef __global TYPE *restrict cell_t;

void accumulate(cell_t into, cell_t from, TYPE x)
{
    TYPE first = *from;
    *into = OPERATOR(first, x);
    TYPE second = *from;
    *into = OPERATOR(second, x);
}

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    out[0] = in[0];
    for (uint k = 1; k < N; k++) {
        out[k] = out[k - 1];
        accumulate(out + k, out + k, in[k]);
    }
}
