// expect: violation-or-unknown
// run: check --local-size 64
// id: bounds index_out_of_range line 12
// truth: nvcc calls long long abs(long long) (llabs), so for d = t - 2^32 m is 2^32 - t and m >> 26 is 64 for thread 0: it reads s[64] of a 64-element shared array (out of bounds); through int abs((int)d) m would be t and the index 0
__global__ void k(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = 1;
    __syncthreads();
    long long d = (long long)threadIdx.x - (1LL << 32);
    long long m = abs(d);
    out[threadIdx.x] = s[m >> 26];
}
