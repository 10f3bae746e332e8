// expect: violation race
// run: check --blockDim=64 --gridDim=1 --array-size=A=64
// id: race read_write
// The warp scan without --warp-sync: neither CUDA since Volta nor OpenCL runs
// a warp in lock-step, so thread t's store races with thread t + 1's load.
__global__ void k(unsigned *A) {
  int t = threadIdx.x;
  unsigned lane = t & 31;
  if (lane >= 1) A[t] = A[t - 1] + A[t];
  if (lane >= 2) A[t] = A[t - 2] + A[t];
}
