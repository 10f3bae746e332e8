// expect: unknown
// run: check --blockDim=32 --gridDim=1 --array-size hist=8
// id: race approximation line 11
// A drawn number picks the cell to write: nothing relates two threads' draws, so two
// threads may write the same cell of hist.  The race rests on what the generator
// returns, which the model leaves open: a possible race, never verified.
#include <curand_kernel.h>

__global__ void scatter(curandState *states, unsigned *hist) {
  unsigned i = threadIdx.x;
  hist[curand(&states[i]) % 8u] = i;
}
