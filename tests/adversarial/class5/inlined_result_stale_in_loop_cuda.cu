// expect: violation
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: undefined undefined_operation line 6
// truth: the CUDA form: a non-void __device__ function falling off its end is undefined in C++
__device__ int f(int x, int t) { if (x < 1) return t + x * 1000; }
__global__ void k(int *out) { int t = threadIdx.x; for (int i = 0; i < 2; i++) out[f(i, t)] = i; }
