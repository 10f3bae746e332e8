// expect: violation race
// run: check --blockDim=16 --gridDim=1 -D__CUDA_ARCH__=350
// id: race write_write line 14
// __CUDA_ARCH__ is defined in device code, and its value here is the -D's (without
// one, veriscan's assumed 350 would decide the #if, and the verdict is unknown), so
// the device-code branch is the one analysed, and its race is found.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 350
#define SLOT(t) ((t) / 2)
#else
#define SLOT(t) (t)
#endif

__global__ void halves(int *a) {
  a[SLOT(threadIdx.x)] = threadIdx.x;
}
