// expect: violation: write of b[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 13
// reason: A barrier that hands out permissions without naming any to hand in takes all
// the work-item holds: b[tid], not returned by the barrier, is gone after it.
/*@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write); @*/
__kernel void k(__global int *a, __global int *b)
{
    int tid = get_local_id(0);
    a[tid] = 1;
    /*@ ensures Perm(a[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = 2;
}
