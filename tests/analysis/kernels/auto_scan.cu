// A CUDA scan with auto variables: libclang shows them only as int, the initialiser says TYPE.
// veriscan: inclusive threads=n
__global__ void auto_scan(const TYPE *in, TYPE *out)
{
    __shared__ TYPE data[N];
    const unsigned int tid = threadIdx.x;
    data[tid] = in[tid];
    for (unsigned int distance = 1; distance < N; distance *= 2) {
        __syncthreads();
        auto partial = IDENTITY;
        if (tid >= distance)
            partial = data[tid - distance];
        __syncthreads();
        if (tid >= distance)
            data[tid] = OPERATOR(partial, data[tid]);
    }
    __syncthreads();
    auto last = data[tid];
    out[tid] = last;
    return (void)0;
}
