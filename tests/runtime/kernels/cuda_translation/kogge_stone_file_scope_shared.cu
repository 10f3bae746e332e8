// veriscan: inclusive threads=n
// Kogge-Stone with its shared array declared at file scope, as CUDA allows:
// the translation declares it __local at the kernel's outermost block.
__shared__ TYPE data[N];

__global__ void kogge_stone_file_scope_shared(const TYPE *in, TYPE *out) {
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
