// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 16
// The kernel's own this_thread_block (in its own namespace) writes memory on
// the way; it is not the header's maker, so the handle it returns is refused.
#include <cooperative_groups.h>

namespace mine {
__device__ cooperative_groups::thread_block this_thread_block(int *trace) {
  trace[threadIdx.x / 2] = 1;
  return cooperative_groups::this_thread_block();
}
}

__global__ void noted(int *a, int *trace) {
  cooperative_groups::thread_block b = mine::this_thread_block(trace);
  b.sync();
  a[threadIdx.x] = 1;
}
