// expect: violation: '/' of the most negative int by -1
// run: spec
// id: spec.undefined_behaviour signed_overflow line 13
// reason: INT_MIN / -1 on input data is assumed defined; its mathematical value
// 2^31 fits no int, so reading it back must not prune the path
/*@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], read);
    requires a[get_local_id(0)] == -2147483647 - 1 && b[get_local_id(0)] == -1;
    ensures Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], read);
    ensures a[get_local_id(0)] == 5; @*/
__kernel void k(__global int *a, __global const int *b)
{
    int t = get_local_id(0);
    a[t] = a[t] / b[t];
    if (a[t] > 0) {
        a[t] = 5;
    }
}
