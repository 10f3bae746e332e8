// expect: violation race
// run: check --blockDim=64 --gridDim=1 --warp-sync=32
// id: race write_write line 7
// Lock-step orders different accesses of one warp, not one store by two
// lanes: lanes 2k and 2k+1 write A[k] in the same step with different values.
__global__ void k(int *A) {
  A[threadIdx.x / 2] = threadIdx.x;
}
