// expect: verified
// run: check --blockDim=32 --gridDim=1 --warp-sync=32 --skip-overflow-check --array-size=A=32
// The same warp scan on signed ints: the sums may overflow, which
// --skip-overflow-check leaves unreported (and the verdict says so).
__global__ void k(int *A) {
  int t = threadIdx.x;
  if (t >= 1) A[t] = A[t - 1] + A[t];
  if (t >= 2) A[t] = A[t - 2] + A[t];
}
