// expect: unknown
// run: check --local-size 8 --num-groups 1 --array-size out=8
// id: execution unsupported_construct line 16
// truth: a C++11 [[gnu::pure]] helper whose value is unused may be deleted with the __syncthreads inside it, so the neighbour's read and the owner's write race; the attribute has the standard spelling, not __attribute__
[[gnu::pure]] __device__ int settle(int x)
{
    __syncthreads();
    return x;
}

__global__ void k(int *out)
{
    __shared__ int buf[8];
    unsigned t = threadIdx.x;
    buf[t] = (int)t;
    settle(0);
    out[t] = buf[(t + 1) % 8];
}
