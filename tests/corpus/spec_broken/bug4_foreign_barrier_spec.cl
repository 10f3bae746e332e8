// expect: violation: write of a[...] without write permission
// run: spec --kernel first
// id: spec.write_permission permission_missing line 11
// reason: Issue 9 bug 4, second half: checking "first" failed as bad input (exit 3)
// because "second" carries a barrier annotation.  "first" itself is wrong:
// its contract gives each work-item a read only, and it writes.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], read); @*/
__kernel void first(__global int *a, int n)
{
    a[get_local_id(0)] = 1;
}

/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void second(__global int *a, int n)
{
    int tid = get_local_id(0);
    /*@ requires Perm(a[tid], write);
        ensures Perm(a[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[tid] = 2;
}
