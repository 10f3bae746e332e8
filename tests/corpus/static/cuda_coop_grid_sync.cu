// expect: unknown
// run: check --blockDim=32 --gridDim=2
// id: execution unsupported_construct line 12
// A grid-wide barrier would order the two blocks, but it is not modelled, so
// the verdict is unknown, neither a proof nor the race a block barrier leaves.
#include <cooperative_groups.h>

__global__ void shift(int *a) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  int next = a[g + 1];
  grid.sync();
  a[g] = next;
}
