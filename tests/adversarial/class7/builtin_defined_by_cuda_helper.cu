// expect: unknown
// run: verify --n 4
// veriscan: inclusive threads=1
// id: output not_run
// truth: a CUDA __device__ helper named like an OpenCL built-in: the interval test runs the OpenCL C translation, where the helper's definition would become the built-in's definition for the monoid's code too
__device__ unsigned int clamp(unsigned int x, unsigned int lo, unsigned int hi) { return lo; }

__global__ void seq(const TYPE *in, TYPE *out)
{
    TYPE acc = IDENTITY;
    for (unsigned int k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
