// expect: violation race
// run: check --blockDim=32 --gridDim=1
// id: race read_write line 6
// Two threads share each state (s + tid / 2), through a helper function.
#include <curand_kernel.h>
__device__ float draw(curandState *s) { return curand_uniform(s); }
__global__ void k(curandState *s, float *out) {
  out[threadIdx.x] = draw(s + (threadIdx.x / 2));
}
