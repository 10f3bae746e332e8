// expect: unknown
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: execution unsupported_construct
// truth: the __constant__ array is written through a pointer a helper hands back (undefined in CUDA: constant memory is read-only), then read by a neighbour; no model of that store exists
__constant__ int A[64];
__device__ int *grab(int *p) { return p; }
__global__ void k(int *out) {
  int t = threadIdx.x;
  int *p = grab((int *)A);
  p[t] = t;
  out[t] = p[(t + 1) % 64];
}
