// refused: a shift by a count that is not a constant below 32
__global__ void k(const int *in, int *out) {
  out[threadIdx.x] = in[threadIdx.x] << threadIdx.x;
}
