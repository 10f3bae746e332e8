// expect: verified
// run: check --blockDim=32 --gridDim=2
// Every thread fetches from the same texture and writes its own cell.
#include <cuda_runtime.h>

texture<unsigned, 1, cudaReadModeElementType> keys;

__global__ void gather(unsigned *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = tex1Dfetch(keys, (int)(g % 7)) + 1;
}
