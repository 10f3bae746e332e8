// expect: violation race
// run: check --blockDim=32 --gridDim=2 --warp-sync=32
// id: race write_write line 8
// Lock-step is within a warp of one block: the same lane of two blocks is
// not ordered, and both blocks' lane 0 write A[0].
__global__ void k(int *A) {
  if (threadIdx.x == 0)
    A[0] = blockIdx.x;
}
