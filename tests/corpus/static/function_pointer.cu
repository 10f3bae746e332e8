// expect: unknown
// run: check --blockDim=32 --gridDim=2
// id: execution unsupported_construct line 9
// A call through a function pointer cannot be inlined.
__device__ int twice(int x) { return 2 * x; }
__device__ int thrice(int x) { return 3 * x; }

__global__ void apply(const int *in, int *out, int which) {
  int (*f)(int) = which ? twice : thrice;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = f(in[g]);
}
