// expect: violation: is undefined where it is evaluated: '/' by zero
// run: spec
// id: spec.well_defined_annotation assertion_false line 6
// reason: n / 0 has no value; Z3's total division would let "n / 0 == 1" hold.
/*@ requires Perm(a[get_local_id(0)], write);
    requires n / 0 == 1; @*/
__kernel void k(__global int *a, int n)
{
    a[get_local_id(0)] = n;
}
