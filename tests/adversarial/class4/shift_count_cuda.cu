// expect: violation
// run: check --local-size 32
// id: undefined shift_count line 9
// truth: CUDA (C++) leaves a shift count >= the width undefined: threadIdx.x << blockDim.x
//        shifts an int by 32 (thread 1 reaches it); nvcc may produce anything there.
__global__ void spread(int *out) {
  unsigned int tid = threadIdx.x;
  unsigned int scale = blockDim.x;
  int mask = 1 << scale;
  out[tid] = (int)tid & mask;
}
