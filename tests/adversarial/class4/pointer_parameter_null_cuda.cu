// expect: violation-or-unknown
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: execution unsupported_construct line 7
// truth: the host may pass nullptr for opt; then every thread writes out[0]
__global__ void k(int *out, const int *opt) {
  int t = threadIdx.x;
  if (!opt) out[0] = t;
  else out[t] = t;
}
