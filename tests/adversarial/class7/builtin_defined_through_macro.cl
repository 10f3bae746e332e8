// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 7
// truth: the built-in's name comes from a macro (HELPER is clamp), so a check of the names the kernel spells would miss it; the device compiler is asked about the names in the preprocessed text, which the proof and the run share
#define HELPER clamp
__attribute__((overloadable)) uint HELPER(uint x, uint lo, uint hi) { return lo; }

__kernel void seq(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
