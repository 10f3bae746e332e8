// expect: verified
// run: check --blockDim=[64] --gridDim=[1]
// A CUDA pointer argument may point into the middle of an allocation (the host passes
// base + 1 here), so a[-1] is not out of bounds by itself: an unsized argument is not
// bounds-checked in CUDA.
__global__ void behind(int *a) {
  int t = threadIdx.x;
  a[t - 1] = t;
}
