// expect: violation bounds
// run: check --blockDim 64 --gridDim 1 --array-size out=64 --array-size in=64
// id: bounds index_out_of_range line 7
// An __ldg read is bounds-checked like any read: thread 63 reads in[64].
__global__ void shifted(int *out, const int *in)
{
    out[threadIdx.x] = __ldg(&in[threadIdx.x + 1]);
}
