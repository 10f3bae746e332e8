// expect: violation
// run: check --blockDim=[4] --gridDim=[1] --array-size out=4
// id: undefined unassigned_variable line 11
// truth: the __device__ function's local `r` is a new object on each call; the second call
//        (use = 0) returns it unassigned (thread 0).  Both inlined calls shared one variable,
//        so the first call's value counted.
__device__ int keep(int use, int v) {
  int r;
  if (use)
    r = v;
  return r;
}

__global__ void calls(int *out) {
  int t = threadIdx.x;
  int a = keep(1, t);
  int b = keep(0, t);
  out[t] = a + b;
}
