// expect: violation: the barrier hands out permission on buf[x] that its work-group does not own
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 15
// reason: Work-item tid keeps writing buf[tid] while its left neighbour is handed half
// of the same cell to read: write plus half is more than the group owns.
/*@ requires get_local_size(0) == 64; @*/
__kernel void k(__global int *a)
{
    __local int buf[64];
    int tid = get_local_id(0);
    /*@ ensures Perm(buf[tid], write); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[tid] = 1;
    /*@ ensures Perm(buf[tid], write) ** Perm(buf[(tid + 1) % 64], 1\2); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[tid] = 2;
    a[tid] = buf[(tid + 1) % 64];
}
