// expect: violation: does not follow from the preconditions of all threads
// run: spec
// id: spec.barrier_postcondition assertion_false line 22
// reason: Broken variant of demo.cl: the neighbour wrote its own id, not ours.
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
        ensures a[(tid + 1) % n] == tid; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = a[(tid + 1) % n];
}
