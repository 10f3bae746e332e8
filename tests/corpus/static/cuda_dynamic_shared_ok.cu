// expect: verified
// run: check --blockDim=32 --gridDim=2 --dynamic-shared 128
// 128 bytes of dynamic shared memory hold 32 floats, one per thread; the
// reversal reads them only after the barrier.
__global__ void reverse(const float *in, float *out) {
  extern __shared__ float stage[];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  stage[t] = in[g];
  __syncthreads();
  out[g] = stage[blockDim.x - 1 - t];
}
