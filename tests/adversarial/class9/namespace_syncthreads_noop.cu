// expect: violation
// run: check --local-size 64
// id: race read_write line 13
// truth: tools::__syncthreads is the kernel's own empty function in a namespace, not CUDA's barrier (lookup of a qualified name never reaches the built-in), so thread t reads stage[t+1] while thread t+1 writes it with nothing between them (a read-write race, e.g. threads 0 and 1); a front end that takes any call spelled __syncthreads for the barrier proves the rotation race-free
namespace tools {
__device__ void __syncthreads() {}
}

__global__ void rotate_left(const int *in, int *out)
{
    __shared__ int stage[64];
    unsigned int t = threadIdx.x;
    stage[t] = in[t];
    tools::__syncthreads();
    out[t] = stage[(t + 1) % 64];
}
