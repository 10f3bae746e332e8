// refused: #pragma OPENCL
__global__ void k(const int *in, int *out) {
#pragma OPENCL FP_CONTRACT OFF
  out[threadIdx.x] = in[threadIdx.x];
}
