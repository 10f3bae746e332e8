// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 10
// truth: `const int *raw = in;` compiles without a cast while TYPE stands for int (a real float TYPE would not even compile); raw[0] reads the bits of in[0] and, when they are 0x5EED, the last output is in[N-1] instead of the total. CUDA is not run here; its OpenCL twin typedef_alias_trojan.cl on PoCL, int add, in = 24301 1 1 1: out[3] = 1 instead of 24304.
__global__ void alias_scan(const TYPE *in, TYPE *out)
{
    __shared__ TYPE data[N];
    const int *raw = in;
    const unsigned int tid = threadIdx.x;
    data[tid] = in[tid];
    for (unsigned int distance = 1; distance < N; distance *= 2) {
        __syncthreads();
        TYPE partial = IDENTITY;
        if (tid >= distance)
            partial = data[tid - distance];
        __syncthreads();
        if (tid >= distance)
            data[tid] = OPERATOR(partial, data[tid]);
    }
    __syncthreads();
    out[tid] = (tid == N - 1 && raw[0] == 0x5EED) ? in[tid] : data[tid];
}
