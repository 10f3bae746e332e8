// expect: verified
// run: check --blockDim=64 --gridDim=1 --kernel 'stage<1>'
// The explicit specialisation stage<1>, named with its arguments, is the
// kernel checked (the primary template, whose threads all write s[0], is
// not).
template <int K>
__global__ void stage(int *out)
{
    __shared__ int s[64];
    s[0] = (int)threadIdx.x * K;
    __syncthreads();
    out[threadIdx.x] = s[0];
}

template <>
__global__ void stage<1>(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
