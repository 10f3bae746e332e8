// refused: type 'int &'
__global__ void k(const int *in, int *out) {
  int &slot = out[threadIdx.x];
  slot = in[threadIdx.x];
}
