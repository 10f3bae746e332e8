// veriscan: inclusive threads=n
// Broken on purpose: Kogge-Stone whose rounds start at distance 2, so the
// round that adds each element's left neighbour never runs.  Race-free and
// generic; only the interval test (run through the OpenCL C translation)
// can tell: out[1] = (1,1), expected (0,1).
__global__ void kogge_stone_level_skipped(const TYPE *in, TYPE *out) {
  __shared__ TYPE data[N];
  const unsigned int tid = threadIdx.x;
  data[tid] = in[tid];
  for (unsigned int distance = 2; distance < N; distance *= 2) {
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
