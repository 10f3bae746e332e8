// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 10
// Half the warp skips a full-mask __syncwarp (undefined behaviour); whether
// the whole warp reaches it is not modelled, so the verdict is unknown.
__global__ void half(int *a) {
  unsigned t = threadIdx.x;
  a[t] = t;
  if (t % 32 < 16) {
    __syncwarp();
  }
}
