// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 7
// truth: [[gnu::shared]] is dropped by clang in C++ mode (an unknown attribute) but is the shared attribute nvcc's own __shared__ expands to, so on the device s is one array per block and threads t and t+1 both write s[t+1] before the barrier (a write-write race); read as a private array it shows no race
__global__ void k(int *out)
{
    [[gnu::shared]] int s[64];
    s[threadIdx.x] = 1;
    s[(threadIdx.x + 1) % 64] = 2;
    __syncthreads();
    out[threadIdx.x] = 0;
}
