// veriscan: inclusive threads=n
// A CUDA scan whose helper takes its operands as const TYPE &: generic (references alias, not copy).
__device__ TYPE combine(const TYPE &a, const TYPE &b) { return OPERATOR(a, b); }
__global__ void cref_scan(const TYPE *in, TYPE *out)
{
    __shared__ TYPE data[N];
    const unsigned int tid = threadIdx.x;
    data[tid] = in[tid];
    for (unsigned int distance = 1; distance < N; distance *= 2) {
        __syncthreads();
        TYPE partial = IDENTITY;
        if (tid >= distance)
            partial = data[tid - distance];
        __syncthreads();
        if (tid >= distance)
            data[tid] = combine(partial, data[tid]);
    }
    __syncthreads();
    out[tid] = data[tid];
}
