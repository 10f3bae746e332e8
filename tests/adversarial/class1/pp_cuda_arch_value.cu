// expect: unknown
// run: check --blockDim=[64] --gridDim=[1]
// id: execution unsupported_construct line 5
// truth: nvcc defines __CUDA_ARCH__ as the target's compute capability: built for sm_70 or newer, IDX is 0 and threads 0 and 1 race on buf[0]; veriscan's assumed 350 took the copy and said verified
#if __CUDA_ARCH__ >= 700
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
