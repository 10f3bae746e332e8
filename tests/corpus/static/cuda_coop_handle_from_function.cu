// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 15
// A handle returned by the kernel's own function: its body could do anything
// (here it writes memory), so the handle is not taken on trust.
#include <cooperative_groups.h>
using namespace cooperative_groups;

__device__ thread_block block_of(int *trace) {
  trace[0] = threadIdx.x;
  return this_thread_block();
}

__global__ void noted(int *a, int *trace) {
  thread_block b = block_of(trace);
  b.sync();
  a[threadIdx.x] = 1;
}
