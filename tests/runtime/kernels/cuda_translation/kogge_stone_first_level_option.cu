// veriscan: inclusive threads=n
// Kogge-Stone whose first round is compiled out with -D SKIP_FIRST_LEVEL:
// the proof and the translation read one preprocessing, so with the define
// both see the broken kernel (race-free, so only the interval test fails).
__global__ void kogge_stone_first_level_option(const TYPE *in, TYPE *out) {
  __shared__ TYPE data[N];
  const unsigned int tid = threadIdx.x;
  data[tid] = in[tid];
#ifdef SKIP_FIRST_LEVEL
  for (unsigned int distance = 2; distance < N; distance *= 2) {
#else
  for (unsigned int distance = 1; distance < N; distance *= 2) {
#endif
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
