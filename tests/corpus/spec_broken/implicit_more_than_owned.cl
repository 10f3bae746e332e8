// expect: violation: the barrier hands out permission on a[x] that its work-group does not own
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 15
// reason: A barrier that names nothing to hand in takes all a work-item holds (003 §5),
// but it can hand out no more than the work-group owns: here each work-item came
// with half of a[tid], and the barrier would give the whole of it back, so one
// work-item writes a[tid] while the host (holding the other half) may read it.
/*@ requires Perm(a[get_local_id(0)], 1\2);
    ensures Perm(a[get_local_id(0)], 1\2); @*/
__kernel void k(__global int *a)
{
    int tid = get_local_id(0);
    int x = a[tid];
    /*@ ensures Perm(a[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[tid] = x + 1;
}
