// expect: violation race
// run: check --blockDim=32 --gridDim=2
// id: race read_write line 12
// synchronize(block) orders the threads of one block only: the last thread of
// block 0 reads a[32], which thread 0 of block 1 writes.
#include <cuda.h>
using namespace cooperative_groups;

__global__ void shift(int *a) {
  thread_block block = this_thread_block();
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  int next = a[g + 1];
  synchronize(block);
  a[g] = next;
}
