// refused: file-scope __shared__ 'cells' used outside a __global__ function
__shared__ int cells[64];
__device__ int first() { return cells[0]; }
__global__ void k(const int *in, int *out) {
  cells[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = first();
}
