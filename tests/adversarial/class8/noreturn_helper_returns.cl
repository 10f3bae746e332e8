// expect: unknown
// run: verify --n 8
// veriscan: inclusive threads=1
// id: genericity unsupported_construct line 18
// truth: finish() is declared _Noreturn but returns, which is undefined behaviour: the compiler may treat the store after its call as unreachable and drop it, leaving out[N-1] unwritten; the promise lives in the function's type, where libclang shows no attribute cursor
_Noreturn void finish(__global TYPE *out, TYPE x)
{
    out[0] = x;
}

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = in[0];
    for (uint k = 1; k < N - 1; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
    finish(out, in[0]);
    out[N - 1] = OPERATOR(acc, in[N - 1]);
}
