/*@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write);
    ensures Perm(b[get_local_id(0)], write) ** b[get_local_id(0)] == (get_local_id(0) + 1) % get_local_size(0); @*/
__kernel void demo(__global int *a, __global int *b)
{
    int tid = get_local_id(0);
    int gsize = get_local_size(0);
    a[tid] = tid;
    /*@ requires a[tid] == tid;
        ensures Perm(a[(tid + 1) % gsize], 1\10) ** Perm(b[tid], write);
        ensures a[(tid + 1) % gsize] == (tid + 1) % gsize; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[tid] = a[(tid + 1) % gsize];
}
