// expect: violation-or-unknown
// run: check --local-size 16 --array-size flag=1 --array-size out=1
// id: race approximation line 17
// truth: the async copy writes flag[0] (its old value plus one), so the two reads of flag[0] differ and every work-item writes out[0]; an argument written only by a copy is not read-only input
__kernel void k(__global int *flag, __global int *out)
{
    __local int next[1];
    int t = get_local_id(0);
    int before = flag[0];
    if (t == 0)
        next[0] = before + 1;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    event_t e = async_work_group_copy(flag, next, 1, 0);
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (flag[0] != before)
        out[0] = t;
}
