// expect: verified
// run: check --blockDim=64 --gridDim=2 --array-size out=128
// A local dim3 holding copies of blockDim, and a struct argument with a
// member named blockDim, are ordinary values: the index built from the copy
// is each thread's own cell, and the argument's members only shape values.
struct Tile { dim3 blockDim; int scale; };

__global__ void copy_rotated(int *out, Tile t)
{
    __shared__ int s[64];
    dim3 cfg;
    cfg.x = blockDim.x;
    cfg.y = blockDim.y;
    cfg.z = blockDim.z;
    s[threadIdx.x % cfg.x] = (int)(threadIdx.x ^ t.blockDim.x);
    __syncthreads();
    if (t.scale > 0)
        out[blockIdx.x * cfg.x + threadIdx.x] = s[(threadIdx.x + 1) % cfg.x];
}
