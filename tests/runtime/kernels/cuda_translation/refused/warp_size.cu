// refused: 'warpSize'
__global__ void k(const int *in, int *out) {
  out[threadIdx.x] = in[threadIdx.x % warpSize];
}
