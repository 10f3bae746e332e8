// expect: unknown
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: execution unsupported_construct
// A store to __constant__ memory from device code: constant memory is read-only, and
// what such a store would do is not modelled.
__constant__ int A[64];
__global__ void k(int *out) {
  int t = threadIdx.x;
  A[t] = t;
  out[t] = A[t];
}
