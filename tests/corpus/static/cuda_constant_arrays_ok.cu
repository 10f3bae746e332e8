// expect: verified
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// CUDA __constant__ arrays at file scope, one set by the host and one initialised.
__constant__ unsigned A[64];
__constant__ unsigned B[3] = {0, 1, 2};
__global__ void k(unsigned *out) {
  int t = threadIdx.x;
  out[t] = A[t] + B[t % 3];
}
