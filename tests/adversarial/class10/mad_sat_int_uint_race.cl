// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=16
// id: race approximation line 11
// truth: mad_sat(0x7FFFFFFF,2,0) saturates to 0x7FFFFFFF while mad_sat(0x7FFFFFFFu,2u,0u) is 0xFFFFFFFE (PoCL), so d is 1 and work-item t writes a[t + 1], which work-item t + 1 writes too: a write-write race between work-items 0 and 1 on a[1]
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int s = mad_sat(0x7FFFFFFF, 2, 0);
    uint u = mad_sat(0x7FFFFFFFu, 2u, 0u);
    int d = ((uint)s != u) ? 1 : 0;
    a[t] = t;
    a[t + d] = t;
}
