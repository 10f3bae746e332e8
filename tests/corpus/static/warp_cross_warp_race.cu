// expect: violation race
// run: check --blockDim=64 --gridDim=1 --warp-sync=32
// id: race read_write line 8
// Lanes of different warps are not in lock-step: thread t reads what thread
// t + 32, of the next warp, writes, with nothing ordering them.
__global__ void k(int *A) {
  int t = threadIdx.x;
  int v = t < 32 ? A[t + 32] : 0;
  A[t] = v;
}
