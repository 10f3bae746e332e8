// expect: violation: the barrier hands out permission on t[x] that its work-group does not own
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 12
// reason: A __local pointer parameter is as big as the host made it: the group owns the
// cells its work-items came with, not the ones past them (which may not exist).
/*@ requires Perm(t[get_local_id(0)], write); @*/
__kernel void k(__local int *t)
{
    int tid = get_local_id(0);
    t[tid] = 1;
    /*@ ensures Perm(t[tid + get_local_size(0)], write); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    t[tid + get_local_size(0)] = 2;
}
