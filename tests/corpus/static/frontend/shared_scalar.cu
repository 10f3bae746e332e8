// A __shared__ scalar is one cell per block; blockDim/gridDim are built-ins.
__global__ void flag(int *out) {
  __shared__ int leader;
  if (threadIdx.x == 0) leader = blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = leader + gridDim.x;
}
