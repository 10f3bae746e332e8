// expect: violation-or-unknown
// run: check --local-size 32
// id: execution unsupported_construct line 14
// truth: lanes::__syncwarp, with its own default mask, is an empty function of the kernel in a namespace, not the warp barrier: thread t reads cell[t+1] while thread t+1 writes it with nothing ordering the two (a read-write race between threads 0 and 1); a front end that took the spelling for the built-in would order the warp's accesses
namespace lanes {
__device__ void __syncwarp(unsigned mask = 0xffffffffu) {}
}

__global__ void neighbour(int *out)
{
    __shared__ int cell[32];
    unsigned int t = threadIdx.x;
    cell[t] = (int)t * 3;
    lanes::__syncwarp();
    out[t] = cell[(t + 1) % 32];
}
