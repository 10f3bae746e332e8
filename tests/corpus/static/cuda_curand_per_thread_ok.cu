// expect: verified
// run: check --blockDim=64 --gridDim=4
// Each thread seeds and draws from its own generator state: the state's reads and
// writes (every cell of it) stay in the thread's own element of the state array.
#include <curand_kernel.h>

__global__ void draw(curandState *states, float *out, unsigned long long seed) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, i, 0, &states[i]);
  float sum = 0.0f;
  for (int k = 0; k < 4; ++k) {
    sum += curand_uniform(&states[i]);
  }
  out[i] = sum;
}
