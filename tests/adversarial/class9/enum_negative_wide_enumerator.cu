// expect: violation-or-unknown
// run: check --local-size 64
// id: race write_write line 11
// truth: NEG is -(2^33), an enumerator of an enumeration whose type is long long, so NEG < -100 and every thread writes s[0] (threads 0 and 1 race); cut to 32 bits NEG is 0 and the index would be the thread's own
enum Wide : long long { NEG = -(1LL << 33) };

__global__ void k(int *out)
{
    __shared__ int s[64];
    unsigned i = (NEG < -100) ? 0u : threadIdx.x;
    s[i] = (int)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
