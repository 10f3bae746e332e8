// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: execution unsupported_construct line 12
// truth: in C++14 an aggregate initialiser that omits a member takes its default member initialiser, so s.bias is 3, not 0 as in C: thread t writes out[t + 3], past the end of the 4-element array for threads 1 to 3 (out of bounds); zero-filling the omitted member keeps every index in bounds
struct Cursor {
    unsigned int base;
    unsigned int bias = 3;
};

__global__ void offset(int *out)
{
    Cursor s = {threadIdx.x};
    out[s.base + s.bias] = 1;
}
