// expect: violation: read of a[...] without read permission
// run: spec
// id: spec.read_permission permission_missing line 15
// reason: Issue 9 bug 1, second half: a read handed in at a barrier stayed readable.
// Every work-item holds a read of a[0], hands it in at the barrier and gets
// nothing back, yet reads a[0] afterwards.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[0], read);
    requires Perm(b[get_local_id(0)], write); @*/
__kernel void handed_in(__global int *a, __global int *b, int n)
{
    int tid = get_local_id(0);
    /*@ requires Perm(a[0], read); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = a[0];
}
