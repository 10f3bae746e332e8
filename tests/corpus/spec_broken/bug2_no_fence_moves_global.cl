// expect: violation: the barrier does not fence global memory
// run: spec
// id: spec.barrier_redistribution unfenced_memory line 18
// reason: Issue 9 bug 2: barrier(0) fences no memory at all, yet it redistributed
// permissions on global memory.  Work-item tid writes a[tid], then a
// barrier(0) hands a[tid] to work-item tid + 1 (wrapping),
// which reads it: the write need not be visible, a race on global memory
// (veriscan check reports it).
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write);
    requires Perm(b[get_local_id(0)], write); @*/
__kernel void no_fence(__global int *a, __global int *b, int n)
{
    int tid = get_local_id(0);
    a[tid] = tid;
    /*@ requires Perm(a[tid], write);
        ensures Perm(a[(tid + 1) % n], write); @*/
    barrier(0);
    b[tid] = a[(tid + 1) % n];
}
