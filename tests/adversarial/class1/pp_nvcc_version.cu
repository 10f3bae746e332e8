// expect: unknown
// run: check --blockDim=[64] --gridDim=[1]
// id: execution unsupported_construct line 5
// truth: nvcc defines __NVCC__ and __CUDACC_VER_MAJOR__ (11 or 12 today): IDX is 0 and threads 0 and 1 race on buf[0]; neither is defined by the kernel, and the old preprocessing proved the copy
#if defined(__NVCC__) || __CUDACC_VER_MAJOR__ >= 11
#define IDX 0
#else
#define IDX threadIdx.x
#endif

__global__ void k(int *out)
{
    __shared__ int buf[64];
    buf[IDX] = threadIdx.x;
    out[threadIdx.x] = 0;
}
