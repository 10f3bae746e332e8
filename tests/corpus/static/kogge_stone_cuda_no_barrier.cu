// expect: violation race
// run: check --n 4,64,2147483648
// veriscan: inclusive threads=n
// id: race read_write line 14
// The CUDA Kogge-Stone twin without the barrier between read and write.
__global__ void kogge_stone_cuda(const TYPE *in, TYPE *out) {
  __shared__ TYPE data[N];
  const unsigned int tid = threadIdx.x;
  data[tid] = in[tid];
  for (unsigned int distance = 1; distance < N; distance *= 2) {
    __syncthreads();
    TYPE partial = IDENTITY;
    if (tid >= distance) {
      partial = data[tid - distance];
    }
    if (tid >= distance) {
      data[tid] = OPERATOR(partial, data[tid]);
    }
  }
  __syncthreads();
  out[tid] = data[tid];
}
