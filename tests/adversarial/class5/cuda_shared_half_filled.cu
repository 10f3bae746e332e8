// expect: violation
// run: check --local-size 8
// id: initialisation unwritten_cell line 12
// truth: only the first half of the block fills the shared array (threadIdx.x < 4); after
//        __syncthreads() thread 7 reads s[7], which no thread wrote.
__global__ void half_filled(const int *in, int *out) {
  __shared__ int s[8];
  unsigned int t = threadIdx.x;
  if (t < 4)
    s[t] = in[t];
  __syncthreads();
  out[t] = s[t];
}
