// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 7
// Without --dynamic-shared the size of extern __shared__ is unknown, and so is
// the verdict (the same kernel as cuda_dynamic_shared_ok.cu).
__global__ void reverse(const float *in, float *out) {
  extern __shared__ float stage[];
  unsigned t = threadIdx.x;
  stage[t] = in[t];
  __syncthreads();
  out[t] = stage[blockDim.x - 1 - t];
}
