// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: undefined approximation line 12
// truth: the local s holds INT_MAX, stored by work-item 0, and every work-item adds 1 to it: signed overflow in every run; arithmetic on it was assumed defined because it was read from memory
__kernel void k(__global int *out)
{
    __local int s;
    int t = get_local_id(0);
    if (t == 0)
        s = 2147483647;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t] = s + 1;
}
