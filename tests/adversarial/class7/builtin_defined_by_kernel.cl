// expect: violation
// run: verify --n 4,16
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: the kernel never calls its clamp, but on the device monoid and kernel are one program, and a definition with the signature the headers declare becomes the built-in's definition: a max monoid written as OPERATOR(a, b) = clamp(b, a, 0xFFFFFFFFu) computes all zeros, while the interval monoid calls no clamp and passes; the device compiler is asked which of the kernel's function names it already declares
__attribute__((overloadable)) uint clamp(uint x, uint lo, uint hi) { return lo; }

__kernel void seq(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
