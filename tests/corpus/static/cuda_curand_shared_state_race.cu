// expect: violation race
// run: check --blockDim=32 --gridDim=1
// id: race read_write line 9
// Every thread draws from the one state: each draw reads and advances it, so two
// threads write the state's cells at once.
#include <curand_kernel.h>

__global__ void draw(curandState *state, unsigned *out) {
  out[threadIdx.x] = curand(state);
}
