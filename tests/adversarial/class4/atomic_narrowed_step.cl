// expect: violation-or-unknown
// run: check --local-size 16 --array-size slots=16
// id: race approximation line 12
// truth: (uchar)512 is 0, so atomic_add(&next, (uchar)512) adds nothing: every work-item gets the same old value 0 and writes slots[0]; taking the step for 512 would make the returned values distinct and the slots race-free
__kernel void k(__global int *slots)
{
    __local uint next;
    if (get_local_id(0) == 0)
        next = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint mine = atomic_add(&next, (uchar)512);
    slots[mine] = (int)get_local_id(0);
}
