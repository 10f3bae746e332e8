// expect: unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: execution unsupported_construct line 18
// truth: at the end of the block the compiler calls clear(&g) in every thread; thread t stores 0 into slot[t+1] while thread t+1 stores t+1 there in the same barrier interval (write-write race); the attribute on the cooperative-groups handle was consumed unchecked
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__shared__ int slot[65];

__device__ void clear(cg::thread_block *unused)
{
    slot[threadIdx.x + 1] = 0;
}

__global__ void k(int *out)
{
    {
        cg::thread_block g __attribute__((cleanup(clear))) = cg::this_thread_block();
        slot[threadIdx.x] = threadIdx.x;
    }
    __syncthreads();
    out[threadIdx.x] = slot[threadIdx.x];
}
