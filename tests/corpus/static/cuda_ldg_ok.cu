// expect: verified
// run: check --blockDim 64 --gridDim 1 --array-size out=64 --array-size in=64
// __ldg reads *p: each thread reads its own cell of an array nobody writes.
__global__ void copy(int *out, const int *in)
{
    out[threadIdx.x] = __ldg(&in[threadIdx.x]) + __ldg(in + 63 - threadIdx.x);
}
