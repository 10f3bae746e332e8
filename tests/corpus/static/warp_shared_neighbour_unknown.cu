// expect: unknown
// run: check --blockDim=32 --gridDim=1 --warp-sync=32
// id: initialisation approximation line 12
// In lock-step the read of the neighbour's cell follows its store, so it is
// initialised, but the initialisation check counts only a thread's own
// earlier writes and writes before a barrier: under --warp-sync its finding
// is a possible one (unknown), never a violation.
__global__ void k(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t;
  out[t] = s[(t + 1) % 32];
}
