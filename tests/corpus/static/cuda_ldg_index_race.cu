// expect: violation race
// run: check --blockDim 64 --gridDim 1 --array-size out=64 --array-size idx=64
// id: race write_write line 9
// Every thread writes the cell an __ldg read of idx[0] names: the same one.
__global__ void scatter(int *out, const int *idx)
{
    int k = __ldg(&idx[0]);
    if (k >= 0 && k < 64)
        out[k] = threadIdx.x;
}
