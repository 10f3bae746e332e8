// expect: violation
// run: verify --n 4,16
// veriscan: inclusive threads=n
// id: output wrong_output
// truth: threadIdx.x is a 32-bit unsigned int, so (threadIdx.x - 1) >> 31 is 1 for thread 0 only and thread 0 writes IDENTITY to out[0]: wrong (int add, in = 5,1,1,1 gives out[0] = 0, expected 5, run on PoCL through the translation). A translation to OpenCL C that spelled threadIdx.x as get_local_id(0), a 64-bit size_t on PoCL, gets 0xffffffff there instead of 1, runs a correct scan and passes the interval test: the program run would not be the program proved.
__global__ void index_width_scan(const TYPE *in, TYPE *out) {
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
  const unsigned int first = (threadIdx.x - 1) >> 31;
  if (first == 1) {
    out[tid] = IDENTITY;
  } else {
    out[tid] = data[tid];
  }
}
