// A generic CUDA scan with compile-time code that does not involve TYPE.
// veriscan: inclusive threads=n
enum class width : unsigned { lanes = 4 };
template <unsigned STRIDE> __device__ unsigned scaled(unsigned i) { return i * STRIDE; }
__device__ unsigned wrap(unsigned i) { return i % N; }
__device__ unsigned wrap(int i) { return i < 0 ? 0u : (unsigned)i % N; }
static_assert(static_cast<unsigned>(width::lanes) == 4, "four lanes");

__global__ void folded_cuda(const TYPE *in, TYPE *out)
{
    __shared__ TYPE data[N];
    __shared__ unsigned order[static_cast<unsigned>(width::lanes) * 2];
    const unsigned tid = threadIdx.x;
    if (tid < 8)
        order[tid] = scaled<1>(tid);
    data[wrap(tid)] = in[tid];
    for (unsigned distance = 1; distance < N; distance *= 2) {
        __syncthreads();
        TYPE partial = IDENTITY;
        if (tid >= distance)
            partial = data[tid - distance];
        __syncthreads();
        if (tid >= distance)
            data[tid] = OPERATOR(partial, data[tid]);
    }
    __syncthreads();
    out[tid] = data[tid];
}
