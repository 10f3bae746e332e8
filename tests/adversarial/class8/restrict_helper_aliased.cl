// expect: unknown
// run: verify --n 8
// veriscan: inclusive threads=1
// id: genericity unsupported_construct line 19
// truth: accumulate() promises through restrict that its two pointers never meet, and is called with one cell for both; undefined behaviour whose result depends on the optimisation level (with -cl-opt-disable PoCL reads the updated cell back and gets a wrong scan)
void accumulate(__global TYPE *restrict into, __global const TYPE *restrict from, TYPE x)
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
