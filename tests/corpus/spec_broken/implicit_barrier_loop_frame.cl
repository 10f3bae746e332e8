// expect: unknown: keeps permission on a that its invariant does not name
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 13
// reason: Red-team round 4: an implicit barrier hands out the group's pool, but the loop
// has set aside a[tid] in its frame and gives it back after the loop: a[tid] held twice,
// and work-item tid-1 writes it in the loop while tid writes it after (Oclgrind: race).
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write); @*/
__kernel void k(__global int *a, __global int *b, int n)
{
    int tid = get_local_id(0);
    /*@ loop_invariant Perm(b[tid], write); @*/
    for (int i = 0; i < 1; i++) {
        /*@ ensures Perm(b[tid], write) ** Perm(a[(tid + 1) % n], write); @*/
        barrier(CLK_GLOBAL_MEM_FENCE);
        a[(tid + 1) % n] = 1;
    }
    a[tid] = 2;
}
