// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 7
// truth: __attribute__((shared)) written after the declarator still makes s nvcc's per-block shared array, so every thread writes s[0] (a write-write race between threads 0 and 1); clang in C++ mode drops the attribute and the array looked private
__global__ void k(int *out)
{
    int s[4] __attribute__((shared));
    s[0] = (int)threadIdx.x;
    out[threadIdx.x] = 0;
}
