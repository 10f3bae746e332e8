// expect: violation: signed overflow in '*' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 16
// reason: the thread stores its id, an empty loop renews the heap the proof sees, and
// the value read back passed for input data, whose overflow was assumed away; it is
// the thread's id, and the product overflows for every work-item but the first
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    a[t] = t;
    /*@ loop_invariant Perm(a[t], write) ** 0 <= i && i <= 1; @*/
    for (int i = 0; i < 1; i++) { }
    int v = a[t];
    a[t] = v * 65536 * 65536;
}
