// expect: verified
// run: check --blockDim=64 --gridDim=2
// warpSize is 32: lane and warp numbers index disjoint cells.
#include <cuda.h>

__global__ void lanes(int *lane, int *warp) {
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  lane[g] = t % warpSize;
  if (t % warpSize == 0) {
    warp[blockIdx.x * (blockDim.x / warpSize) + t / warpSize] = 1;
  }
}
