// expect: violation-or-unknown
// run: check --local-size 64
// id: bounds index_out_of_range line 11
// truth: blockDim in the helper is its own local dim3 holding 128, not the launch's 64: thread t reads s[127 - t], past the end of the 64-element shared array for threads 0 to 63 (out of bounds), which reading blockDim.x as the built-in (s[63 - t]) hides
__device__ int last_of_row(const int *s)
{
    dim3 blockDim;
    blockDim.x = 128;
    blockDim.y = 1;
    blockDim.z = 1;
    return s[blockDim.x - 1 - threadIdx.x];
}

__global__ void k(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = last_of_row(s);
}
