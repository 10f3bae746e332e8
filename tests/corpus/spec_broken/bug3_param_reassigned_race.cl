// expect: violation: two threads both receive write
// run: spec
// id: spec.barrier_redistribution permission_exceeded line 15
// reason: Issue 9 bug 3: the barrier obligations read a kernel parameter as the same,
// unchanged value in every thread although the kernel assigns to it.  Here
// k = tid, so "tid == k" holds in every work-item and all of them receive the
// write on a[0] and store to it: a data race.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void param_race(__global int *a, int n, int k)
{
    int tid = get_local_id(0);
    k = tid;
    /*@ requires Perm(a[tid], write);
        ensures tid == k ==> Perm(a[0], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (tid == k) {
        a[0] = tid;
    }
}
