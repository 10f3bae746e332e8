// expect: race
// launch: --blockDim=16 --gridDim=1
// __CUDA_ARCH__ is defined (350 unless -D__CUDA_ARCH__ says otherwise), so the
// device-code branch is the one analysed, and its race is found.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 350
#define SLOT(t) ((t) / 2)
#else
#define SLOT(t) (t)
#endif

__global__ void halves(int *a) {
  a[SLOT(threadIdx.x)] = threadIdx.x;
}
