// expect: unknown: whose inlined code the annotation cannot be placed against
// run: spec
// id: spec.construct unsupported_construct line 19
// truth: The barrier specification stands before a call of a helper whose body is the
//        barrier.  Read as that barrier's specification it would verify the rotation;
//        but the helper's inlined code is not the annotated statement, and an
//        annotation must not be moved onto code it does not precede.
void sync_all(void)
{
    barrier(CLK_GLOBAL_MEM_FENCE);
}

/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void helper_barrier(__global int *a)
{
    int tid = get_local_id(0);
    int n = get_local_size(0);
    a[tid] = tid;
    /*@ requires Perm(a[tid], write);
        ensures Perm(a[(tid + 1) % n], write); @*/
    sync_all();
    a[(tid + 1) % n] = 1;
}
