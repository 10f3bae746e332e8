// expect: verified
// run: check --blockDim=64 --gridDim=2
// A __syncwarp in straight-line code with the full mask, where each thread
// only touches its own cells: nothing depends on its ordering.
__global__ void own_cells(unsigned *a) {
  __shared__ unsigned cell[64];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  cell[t] = a[g];
  __syncwarp(0xffffffff);
  a[g] = cell[t] + warpSize;
}
