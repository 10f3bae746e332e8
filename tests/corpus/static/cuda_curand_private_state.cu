// expect: unknown
// run: check --blockDim=64 --gridDim=2
// id: execution unsupported_construct line 10
// A generator state in a thread's own variable, passed by address: the front end does
// not follow pointers to private structs, so the call is not analysed.
#include <curand_kernel.h>

__global__ void draw(float *out, unsigned long long seed) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local;
  curand_init(seed, i, 0, &local);
  out[i] = curand_uniform(&local);
}
