// expect: unknown
// run: check --local-size 1 --global-size 1
// id: execution unsupported_construct line 7
// truth: two restrict pointer variables reach the same cell; the promise is broken and the compiler may keep the first read in a register
__kernel void k(__global int *a)
{
    __global int *restrict p = a;
    __global int *restrict q = a;
    int x = *q;
    *p = x + 1;
    a[1] = *q;
}
