// expect: violation race
// run: check --blockDim=32 --gridDim=1
// id: race read_write line 8
// Thread 0 writes a cell of state 1 while thread 1 draws from it (a draw reads and
// writes every cell of its state).
#include <curand_kernel.h>
__global__ void k(curandState *s, unsigned *out) {
  if (threadIdx.x == 0) s[1].v[2] = 7;
  if (threadIdx.x == 1) out[1] = curand(&s[1]);
}
