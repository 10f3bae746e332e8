#include "cuda.h"

__global__ void k(int *a) { a[threadIdx.x] = LIMIT; }
