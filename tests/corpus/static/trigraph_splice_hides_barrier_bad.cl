// expect: bad-input
// run: check --local-size 4 --array-size a=4
// truth: with trigraphs on (clang's OpenCL and C++14 modes) ??/ is a backslash, so the // comment swallows the next line and the barrier is gone for the compiler: every work-item's read of a[0] races with work-item 0's write; a preprocessor without trigraphs keeps the barrier and the proof verified the kernel
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int v = a[0];
    // the barrier below keeps the order ??/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[t] = v + 1;
}
