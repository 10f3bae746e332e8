// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 7
// An MTGP32 state cast to the XORWOW type: the cast is refused, never read as XORWOW.
#include <curand_kernel.h>
__global__ void k(curandStateMtgp32_t *m, float *out) {
  out[threadIdx.x] = curand_uniform((curandState *)m);
}
