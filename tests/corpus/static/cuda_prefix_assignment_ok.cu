// expect: verified
// run: check --blockDim=[64] --gridDim=[2]
// C++ (CUDA is checked as C++14) sequences the store of an assignment and of a prefix
// increment before the value of the expression: `i = ++i + 1` and
// `out[g] = (out[g] = 1) + 2` are defined there (not in C).
__global__ void prefix(int *out) {
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int i = t;
  i = ++i + 1;
  out[g] = (out[g] = 1) + i;
}
