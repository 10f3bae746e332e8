// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 7
// truth: annotate("veriscan_cuda_shared") is the analysis prelude's private marker, written here by hand: nvcc ignores it, so buf is a private array and each thread reads buf[(t+1)%64], a cell it never wrote (uninitialised private memory), while the analysis would take buf for a shared array holding the neighbour's value
__global__ void k(int *out)
{
    __attribute__((annotate("veriscan_cuda_shared"))) int buf[64];
    buf[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = buf[(threadIdx.x + 1) % 64];
}
