// expect: unknown: keeps permission on a that its invariant does not name
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 11
// reason: Red-team round 4: as implicit_barrier_loop_frame.cl with no invariant, so the
// whole of what the thread holds is the loop's frame.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a, int n)
{
    int tid = get_local_id(0);
    for (int i = 0; i < 1; i++) {
        /*@ ensures Perm(a[(tid + 1) % n], write); @*/
        barrier(CLK_GLOBAL_MEM_FENCE);
        a[(tid + 1) % n] = 1;
    }
    a[tid] = 2;
}
