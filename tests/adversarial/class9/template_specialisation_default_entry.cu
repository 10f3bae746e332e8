// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 15
// truth: only the explicit specialisation fill<float> is a function definition, but the launch may run any instantiation, e.g. fill<int> from the primary template, where every thread writes s[0] (threads 0 and 1 race); checking fill<float> under the bare name 'fill' proves another kernel
template <typename T>
__global__ void fill(T *out)
{
    __shared__ T s[64];
    s[0] = (T)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[0];
}

template <>
__global__ void fill<float>(float *out)
{
    out[threadIdx.x] = 1.0f;
}
