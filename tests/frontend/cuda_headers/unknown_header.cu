#include <cuda.h>
#include <thrust/device_vector.h>

__global__ void k(int *a) { a[threadIdx.x] = 1; }
