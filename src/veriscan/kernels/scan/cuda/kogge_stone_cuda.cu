// veriscan: inclusive threads=n
// In-place Kogge-Stone inclusive scan, CUDA form of paper 000 Alg. 2: in
// round k every thread i >= 2^k adds the element 2^k places to its left.
// Reads and writes of a round are split by a barrier so no thread overwrites
// a value another thread still has to read.
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
    __syncthreads();
    if (tid >= distance) {
      data[tid] = OPERATOR(partial, data[tid]);
    }
  }
  __syncthreads();
  out[tid] = data[tid];
}
