// expect: verified
// run: check --blockDim=32 --gridDim=2
// A thread_block's sync() is __syncthreads(): the read of the neighbour's cell
// happens after the barrier.  thread_rank() is the thread's index in the block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(int *a) {
  __shared__ int tile[32];
  cg::thread_block block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  tile[r] = a[blockIdx.x * 32 + r];
  block.sync();
  a[blockIdx.x * 32 + r] = tile[(r + 1) % block.size()];
}
