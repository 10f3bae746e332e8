// expect: violation
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: undefined undefined_operation line 6
// truth: in C++ flowing off the end of a non-void function is undefined even when the caller ignores the value
__device__ int f(int x) { if (x == 0) return 0; }
__global__ void k(int *out) { int t = threadIdx.x; f(t); out[t] = t; }
