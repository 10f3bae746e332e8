// expect: verified
// run: check --blockDim=64 --gridDim=2
// The same rotation with the barrier in place, and a file-scope __shared__
// counter that only thread 0 touches.
#include <cuda_runtime.h>

__shared__ float tile[64];
static __shared__ int rounds;

__device__ float left_of(unsigned t) { return tile[(t + 63) % 64]; }

__global__ void rotate(const float *in, float *out) {
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  tile[t] = in[g];
  if (t == 0) {
    rounds = 1;
  }
  __syncthreads();
  out[g] = left_of(t);
}
