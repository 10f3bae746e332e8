// expect: verified
// run: check --blockDim=64 --gridDim=1 --warp-sync=32 --array-size=A=64
// A warp-synchronous inclusive scan with no barrier: in lock-step, every
// step's loads (A[t - d], A[t]) are done by the whole warp before its store,
// and the steps of one warp follow each other, so no two lanes race.  The
// values are unsigned, whose wrap-around C defines.
__global__ void k(unsigned *A) {
  int t = threadIdx.x;
  unsigned lane = t & 31;
  if (lane >= 1) A[t] = A[t - 1] + A[t];
  if (lane >= 2) A[t] = A[t - 2] + A[t];
  if (lane >= 4) A[t] = A[t - 4] + A[t];
  if (lane >= 8) A[t] = A[t - 8] + A[t];
  if (lane >= 16) A[t] = A[t - 16] + A[t];
}
