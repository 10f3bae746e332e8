// refused: floating-point
__global__ void k(const int *in, int *out) {
  out[threadIdx.x] = (int)(in[threadIdx.x] * 0.5f);
}
