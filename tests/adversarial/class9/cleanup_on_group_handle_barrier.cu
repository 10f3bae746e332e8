// expect: unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: execution unsupported_construct line 16
// truth: cleanup(leave) makes the compiler call leave(&g) where g's block ends, and leave waits at __syncthreads; only threads 0-31 open the block, so the barrier is divergent (undefined, may hang); the group handle's declaration used to swallow the attribute unseen
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void leave(cg::thread_block *unused)
{
    __syncthreads();
}

__global__ void k(int *out)
{
    if (threadIdx.x < 32) {
        cg::thread_block g __attribute__((cleanup(leave))) = cg::this_thread_block();
    }
    out[threadIdx.x] = 1;
}
