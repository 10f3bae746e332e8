// expect: verified
// run: check --blockDim=64 --gridDim=1 --array-size out=64
// abs and min on long and long long take their own overloads (as nvcc's
// headers give them): abs(-t) is t, and min of a long long with 63 keeps t.
__global__ void own_cells(int *out)
{
    __shared__ int s[64];
    long d = -(long)threadIdx.x;
    long long big = (long long)threadIdx.x - (1LL << 40);
    s[abs(d)] = (int)(abs(big) >> 40);
    __syncthreads();
    long long i = min((long long)threadIdx.x, 63LL);
    out[i] = s[i];
}
