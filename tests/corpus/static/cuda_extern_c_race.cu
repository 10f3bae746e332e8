// expect: violation race
// run: check --blockDim=32 --gridDim=2
// id: race read_write line 9
// A kernel inside an extern "C" block is found; each thread writes its right
// neighbour's cell, which that neighbour reads without a barrier between.
extern "C" {
__global__ void shift(int *a) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  a[g] = a[g + 1];
}
}
