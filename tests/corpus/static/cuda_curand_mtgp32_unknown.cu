// expect: unknown
// run: check --blockDim=256 --gridDim=1
// id: execution unsupported_construct line 9
// MTGP32 states are shared by a block, each thread taking its own slot inside the
// library: an access pattern the model does not describe.
#include <curand_kernel.h>

__global__ void draw(curandStateMtgp32_t *state, float *out) {
  out[threadIdx.x] = curand_uniform(state);
}
