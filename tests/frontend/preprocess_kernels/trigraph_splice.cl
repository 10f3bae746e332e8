/* With trigraphs on (clang in OpenCL and C++14 modes) the trigraph below is a backslash: the
 * comment swallows the barrier's line for the compiler only, leaving a race. */
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int v = a[0];
    // the barrier below keeps the order ??/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[t] = v + 1;
}
