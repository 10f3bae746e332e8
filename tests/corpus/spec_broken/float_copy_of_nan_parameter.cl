// expect: unknown: floating-point values
// run: spec
// id: spec.assert approximation line 13
// reason: a float copied from a parameter equals it only if it is not NaN; the host may
// pass NaN, so the assertion y == x can fail.
//@ context_everywhere get_local_size(0) == 4;
//@ requires Perm(a[get_local_id(0)], write);
//@ ensures Perm(a[get_local_id(0)], write);
__kernel void k(__global int *a, float x)
{
    int t = get_local_id(0);
    float y = x;
    //@ assert y == x;
    a[t] = 1;
}
