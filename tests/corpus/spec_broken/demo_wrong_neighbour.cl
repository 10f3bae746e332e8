// expect: violation: read of a[...] without read permission
// run: spec
// id: spec.read_permission permission_missing line 23
// reason: Broken variant of demo.cl: reads two places to the right, where it holds nothing.
// The running example of paper 003 (Fig. 1 and Fig. 8): every work-item
// writes its id into a, the barrier turns the write permissions on a into
// read permissions on the right neighbour's element, and every work-item
// copies that neighbour's value into b.
// Verified for every work-group size (one work-group).

/*@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write);
    ensures Perm(b[get_local_id(0)], write) ** Perm(a[(get_local_id(0) + 1) % get_local_size(0)], read);
    ensures b[get_local_id(0)] == (get_local_id(0) + 1) % get_local_size(0); @*/
__kernel void demo(__global int *a, __global int *b)
{
    int tid = get_local_id(0);
    int n = get_local_size(0);
    a[tid] = tid;
    /*@ requires Perm(a[tid], write) ** Perm(b[tid], write) ** a[tid] == tid;
        ensures Perm(a[(tid + 1) % n], read) ** Perm(b[tid], write);
        ensures a[(tid + 1) % n] == (tid + 1) % n; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = a[(tid + 2) % n];
}
