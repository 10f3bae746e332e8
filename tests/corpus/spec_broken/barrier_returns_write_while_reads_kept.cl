// expect: violation: the barrier hands out permission on a[x] that the threads did not hand in
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 21
// truth: The first barrier turns each write on a[tid] into a read of the right
//        neighbour's cell.  The second hands each work-item its write on a[tid] back,
//        but the neighbours keep their reads (they hand in only b): work-item tid
//        writes a[tid] while work-item tid - 1 may still read it.  A write can only
//        come back from every read of the cell.
/*@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write); @*/
__kernel void write_back(__global int *a, __global int *b)
{
    int tid = get_local_id(0);
    int n = get_local_size(0);
    a[tid] = 1;
    /*@ requires Perm(a[tid], write) ** Perm(b[tid], write);
        ensures Perm(a[(tid + 1) % n], read) ** Perm(b[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = a[(tid + 1) % n];
    /*@ requires Perm(b[tid], write);
        ensures Perm(b[tid], write) ** Perm(a[tid], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[tid] = 2;
}
