// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 11
// After an early return the lanes that left cannot reach the __syncwarp.
__global__ void early(int *a, int n) {
  unsigned t = threadIdx.x;
  if (t >= n) {
    return;
  }
  a[t] = t;
  __syncwarp();
}
