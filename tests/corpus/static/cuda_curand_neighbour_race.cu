// expect: violation race
// run: check --blockDim=32 --gridDim=1
// id: race read_write line 10
// Thread i also draws from thread i + 1's state (off by one), while that thread
// draws from it too.
#include <curand_kernel.h>

__global__ void draw(curandStatePhilox4_32_10_t *states, float *out) {
  unsigned i = threadIdx.x;
  float mine = curand_normal(&states[i]);
  float next = i + 1 < blockDim.x ? curand_normal(&states[i + 1]) : 0.0f;
  out[i] = mine + next;
}
