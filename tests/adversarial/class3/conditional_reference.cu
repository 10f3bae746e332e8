// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: execution unsupported_construct line 8
// truth: in C++ a conditional whose arms are lvalues is an lvalue, so `int &r = t >= 64 ? out[t] : out[0]` binds r to out[0] for every thread of a 64-thread block and r = t is a store there (a write-write race between threads 0 and 1), not a store into a private copy
__global__ void pick(int *out)
{
    unsigned int t = threadIdx.x;
    int &r = t >= 64 ? out[t] : out[0];
    r = (int)t;
}
