// expect: violation race
// run: check --blockDim=64 --gridDim=1
// id: race read_write line 9
// __syncwarp orders the threads of one warp only: thread t reads the cell of
// thread t + 32, in the other warp, which writes it without a block barrier.
__global__ void swap_halves(int *a) {
  __shared__ int cell[64];
  unsigned t = threadIdx.x;
  cell[t] = a[t];
  __syncwarp();
  a[t] = cell[(t + 32) % 64];
}
