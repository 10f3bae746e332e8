// refused: type 'const int *'
__global__ void k(const int *in, int *out) {
  const int *p = in + 1;
  out[threadIdx.x] = p[threadIdx.x];
}
