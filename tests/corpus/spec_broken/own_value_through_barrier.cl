// expect: violation: signed overflow in '*' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 17
// reason: the barrier's own specification pins the cell to the thread's id, yet the
// value read back after it passed for input data and its certain overflow was assumed
// away
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    a[t] = t;
    /*@ requires Perm(a[t], write) ** a[t] == t;
        ensures Perm(a[t], write) ** a[t] == t; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    int v = a[t];
    a[t] = v * 65536 * 65536;
}
