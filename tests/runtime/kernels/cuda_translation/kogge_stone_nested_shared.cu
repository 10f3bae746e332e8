// veriscan: inclusive threads=n
// A correct Kogge-Stone scan whose __shared__ array is declared in an inner
// block: valid CUDA, but OpenCL C allows __local variables only at a kernel's
// outermost scope, so the translation refuses it and verify stays unknown.
__global__ void kogge_stone_nested_shared(const TYPE *in, TYPE *out) {
  {
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
}
