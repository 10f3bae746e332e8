#include <cuda.h>

__global__ void draw(curandState *state, float *out) {
  out[threadIdx.x] = curand_uniform(&state[threadIdx.x]);
}
