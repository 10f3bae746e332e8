// expect: violation: the barrier does not fence global memory, so it cannot move permission on a[x] between threads
// run: spec
// id: spec.barrier_redistribution unfenced_memory line 13
// reason: Implicit hand-in respects the fences: a barrier fencing local memory only
// cannot move permissions on global memory (the neighbour's write of a[tid]
// need not be visible, nor ordered, after it).
/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int tid = get_local_id(0);
    a[tid] = 1;
    /*@ ensures Perm(a[(tid + 1) % get_local_size(0)], write); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    a[(tid + 1) % get_local_size(0)] = 2;
}
