// expect: violation: read of a[...] without read permission
// run: spec
// id: spec.read_permission permission_missing line 26
// reason: Broken variant of left_rotation.cl: the last work-item reads past its half-permissions.
// Left rotation by one place (paper 000, List. 1): every work-item reads its
// right neighbour (the last one wraps around to element 0), waits at the
// barrier, then overwrites its own element.  Each element starts split into
// two halves, one for its owner and one for its left neighbour; the barrier
// joins the halves into the owner's write permission.
// Verified for every work-group size n >= 1 (one work-group, n == local size).

/*@ context_everywhere n == get_local_size(0);
    requires get_local_id(0) != n - 1 ==> Perm(a[get_local_id(0) + 1], 1\2);
    requires get_local_id(0) == n - 1 ==> Perm(a[0], 1\2);
    requires Perm(a[get_local_id(0)], 1\2);
    ensures Perm(a[get_local_id(0)], write);
    ensures get_local_id(0) != n - 1 ==> a[get_local_id(0)] == \old(a[get_local_id(0) + 1]);
    ensures get_local_id(0) == n - 1 ==> a[get_local_id(0)] == \old(a[0]); @*/
__kernel void left_rotation(__global int *a, int n)
{
    int tid = get_local_id(0);
    int next;
    if (tid != n - 1) {
        next = a[tid + 1];
    } else {
        next = a[tid + 1];
    }
    /*@ requires tid != n - 1 ==> Perm(a[tid + 1], 1\2);
        requires tid == n - 1 ==> Perm(a[0], 1\2);
        requires Perm(a[tid], 1\2);
        ensures Perm(a[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[tid] = next;
}
