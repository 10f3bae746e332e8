// expect: violation-or-unknown
// run: check --local-size 64
// id: race approximation line 8
// truth: CUDA device code has float abs(float) (C++ <cmath>), so abs(0.5f) is 0.5f, not 0, and every thread writes s[0] (threads 0 and 1 race); a prelude with only int abs(int) converts 0.5f to 0 and sees s[t]
__global__ void k(int *out)
{
    __shared__ int s[64];
    s[abs(0.5f) == 0 ? threadIdx.x : 0] = 1;
    __syncthreads();
    out[threadIdx.x] = 0;
}
