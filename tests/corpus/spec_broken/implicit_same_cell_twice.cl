// expect: violation: two threads both receive write permission on the same location of a
// run: spec
// id: spec.barrier_redistribution permission_exceeded line 11
// reason: Everything handed in implicitly, and a[0] handed out whole to every work-item:
// all of them then write a[0] at once.
/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int tid = get_local_id(0);
    a[tid] = 1;
    /*@ ensures Perm(a[0], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[0] = tid;
}
