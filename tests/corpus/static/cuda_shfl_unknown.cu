// expect: unknown
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: execution unsupported_construct line 8
// A warp shuffle's value comes from another lane of the warp, which the IR does
// not model: the index it gives is neither trusted nor refused.
__global__ void shuffled(int *out)
{
    int from = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
    out[from] = __shfl_sync(0xffffffffu, 1, 0) + __shfl_up_sync(0xffffffffu, 2, 1)
        + __shfl_xor_sync(0xffffffffu, 3, 1);
}
