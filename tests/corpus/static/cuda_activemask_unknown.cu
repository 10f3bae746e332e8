// expect: unknown
// run: check --blockDim 64 --gridDim 1 --array-size out=64
// id: execution unsupported_construct line 8
// __activemask depends on which lanes of the warp are converged here: unknown.
__global__ void masked(int *out)
{
    if (threadIdx.x < 40)
        out[threadIdx.x] = (int)__activemask();
}
