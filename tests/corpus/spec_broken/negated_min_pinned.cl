// expect: violation: signed overflow in '-' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 12
// reason: -INT_MIN on input data is assumed defined; the value it gets where it is
// not must be some int, not 2^31, or the comparison below decides the branch
/*@ requires Perm(a[get_local_id(0)], write);
    requires a[get_local_id(0)] == -2147483647 - 1;
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 1; @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    a[t] = -a[t];
    if (a[t] < 0) {
        a[t] = 0;
    } else {
        a[t] = 1;
    }
}
