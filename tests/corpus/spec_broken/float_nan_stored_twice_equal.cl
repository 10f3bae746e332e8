// expect: unknown: floating-point values
// run: spec
// id: spec.postcondition approximation line 10
// reason: NaN == NaN is false in C: both cells hold NaN and the postcondition a[t] == b[t]
// fails for every work-item; an annotation comparing float values must not be shown to hold.
//@ context_everywhere get_local_size(0) == 4;
//@ requires Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write);
//@ ensures Perm(a[get_local_id(0)], write) ** Perm(b[get_local_id(0)], write);
//@ ensures a[get_local_id(0)] == b[get_local_id(0)];
__kernel void k(__global float *a, __global float *b)
{
    int t = get_local_id(0);
    a[t] = NAN;
    b[t] = NAN;
}
