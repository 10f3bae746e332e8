// expect: unknown
// run: check --blockDim 64 --gridDim 1 --array-size a=64
// id: execution unsupported_construct line 8
// __ldg of an array the kernel writes (here racing with thread t+1's store): the
// read-only cache is not coherent with the kernel's stores, so its value is not
// the memory's, and the verdict is unknown.
__global__ void stale(int *a)
{
    a[threadIdx.x] = 1;
    int v = __ldg(&a[(threadIdx.x + 1) % 64]);
    a[threadIdx.x] = v;
}
