// refused: 'atomicAdd'
__global__ void k(const int *in, int *out) {
  atomicAdd(out, in[threadIdx.x]);
}
