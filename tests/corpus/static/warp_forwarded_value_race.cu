// expect: unknown
// run: check --blockDim=32 --gridDim=1 --warp-sync=32 --array-size=A=32 --array-size=B=32
// id: race approximation line 15
// Lock-step makes another lane's store visible: lane t's own store to A[t]
// is overwritten by lane t - 1 in the next step, so every lane reads 0 and
// all store to B[0] at one access, a race.  A model that took A[t] to still
// hold t would prove the stores to B distinct; veriscan's read of memory is
// an unknown value, so the race it finds is a possible one (unknown), never
// verified.
__global__ void k(int *A, int *B) {
  int t = threadIdx.x;
  A[t] = t;
  A[(t + 1) % 32] = 0;
  int x = A[t];
  B[x] = t;
}
