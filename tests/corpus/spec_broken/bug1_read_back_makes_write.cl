// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 23
// reason: Issue 9 bug 1: write minus a read handed in, plus another read received back,
// was counted as write again.  Every work-item owns a[tid]; at the barrier it
// hands in a read of its own cell and receives reads of its own cell and of its
// right neighbour's.  After the barrier work-item tid reads a[tid + 1] while
// work-item tid + 1 overwrites it: a data race after the barrier.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void read_back(__global int *a, int n)
{
    int tid = get_local_id(0);
    a[tid] = tid;
    /*@ requires Perm(a[tid], read);
        ensures Perm(a[tid], read);
        ensures tid + 1 < n ==> Perm(a[tid + 1], read); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    int right = 0;
    if (tid + 1 < n) {
        right = a[tid + 1];
    }
    a[tid] = right;
}
