// expect: violation-or-unknown
// run: check --local-size 64 --array-size in=64 --array-size out=64
// id: race approximation line 10
// truth: nvcc's sqrt(float) is the float overload (sqrtf), so sqrt(f) and sqrt((double)f) differ for almost every f (for f = 2, 1.41421353816986083984375 against 1.4142135623730951); then every thread writes s[0] (threads 0 and 1 race).  A prelude with only double sqrt(double) makes both the same call and hides the race
__global__ void k(const float *in, int *out)
{
    __shared__ int s[64];
    float f = in[threadIdx.x];
    if (sqrt(f) != sqrt((double)f))
        s[0] = (int)threadIdx.x;
    else
        s[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = 0;
}
