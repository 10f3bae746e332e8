// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: undefined approximation line 12
// truth: work-item 0 stores 0 in the local s, the barrier publishes it and every work-item divides by it: a division by zero in every run, on a value the kernel itself stored (no input involved); it was assumed defined as if the host had chosen it
__kernel void k(__global int *out)
{
    __local int s;
    int t = get_local_id(0);
    if (t == 0)
        s = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t] = 100 / s;
}
