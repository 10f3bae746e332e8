// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 20
// The kernel defines the header's synchronize itself, so its body (no barrier,
// a racy write to last) is what would run: it is not taken for a block barrier
// (which would verify the kernel); binding the handle to its parameter is not
// modelled, so the verdict is unknown.
#include <cooperative_groups.h>
using namespace cooperative_groups;

__shared__ int last;

void cooperative_groups::synchronize(const thread_block &group) {
  last = threadIdx.x;
}

__global__ void shift(int *a) {
  thread_block b = this_thread_block();
  int next = a[threadIdx.x + 1];
  synchronize(b);
  a[threadIdx.x] = next;
}
