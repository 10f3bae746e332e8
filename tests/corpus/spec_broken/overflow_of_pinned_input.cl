// expect: violation: signed overflow in '+' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 12
// reason: the precondition pins the input to INT_MAX; adding one overflows, and the
// out-of-range sum read back made the postcondition vacuously true
/*@ requires Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 2147483647;
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 0; @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int x = a[t];
    a[t] = x + 1;
    int y = a[t];
    a[t] = y - y + 7;
}
