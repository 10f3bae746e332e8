// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 9
// The state pointer is one of the arguments C evaluates in no fixed order: i++ in it
// and i in another argument is undefined behaviour.
#include <curand_kernel.h>
__global__ void k(curandState *s, unsigned *out) {
  unsigned i = threadIdx.x;
  out[i] = curand_poisson(&s[i++], (double)i);
}
