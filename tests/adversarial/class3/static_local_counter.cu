// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: execution unsupported_construct line 7
// truth: a static local of a __device__ function is one object in global memory for every thread of every block, not a per-thread private variable: ticket()'s read and increment of `next` by threads 0 and 1 race, and the values handed out depend on the schedule
__device__ unsigned int ticket()
{
    static unsigned int next = 0;
    return next++;
}

__global__ void number(unsigned int *out)
{
    out[threadIdx.x] = ticket();
}
