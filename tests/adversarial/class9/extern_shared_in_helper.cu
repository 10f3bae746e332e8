// expect: violation-or-unknown
// run: check --blockDim=32 --gridDim=1 --dynamic-shared 256
// id: execution unsupported_construct line 7
// truth: every extern __shared__ array of a launch starts at the same byte of its dynamic shared memory, the one the kernel declares and the one a __device__ helper declares under another name alike: thread t's mark writes marks[(t+1)%32], which is vals[(t+1)%32], while thread t+1 writes that cell too (a write-write race between threads 0 and 1); read as two arrays they look disjoint
__device__ void mark(unsigned int t)
{
    extern __shared__ int marks[];
    marks[(t + 1) % 32] = -1;
}

__global__ void tagged(int *out)
{
    extern __shared__ int vals[];
    unsigned int t = threadIdx.x;
    vals[t] = (int)t;
    mark(t);
    __syncthreads();
    out[t] = vals[t];
}
