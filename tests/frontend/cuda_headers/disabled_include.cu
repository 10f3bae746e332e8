#ifdef HOST_ONLY_BUILD
#include <thrust/device_vector.h>
#endif
#include <curand_kernel.h>

__global__ void k(int *a) { a[threadIdx.x] = 1; }
