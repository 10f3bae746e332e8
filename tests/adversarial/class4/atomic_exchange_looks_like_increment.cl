// expect: violation-or-unknown
// run: check --local-size 16 --array-size slots=16 --param base=0
// id: race approximation line 12
// truth: atomic_xchg stores base + 1, the same for every work-item, so all but the first get base + 1 back and write slots[1] together; a store of something-plus-a-constant is an increment only when the something is the value the atomic read
__kernel void k(__global int *slots, int base)
{
    __local int cell;
    if (get_local_id(0) == 0)
        cell = base;
    barrier(CLK_LOCAL_MEM_FENCE);
    int mine = atomic_xchg(&cell, base + 1);
    slots[mine] = (int)get_local_id(0);
}
