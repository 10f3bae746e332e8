// expect: violation: the barrier hands out permission on a[x] that its work-group does not own
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 13
// reason: Implicit hand-in pools one work-group's permissions, never another's: the
// barrier hands work-item g the cell of the same local id in the next group,
// which that group's work-item writes at the same time.
/*@ requires Perm(a[get_global_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int g = get_global_id(0);
    a[g] = 1;
    /*@ ensures Perm(a[g + get_local_size(0)], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[g + get_local_size(0)] = 2;
}
