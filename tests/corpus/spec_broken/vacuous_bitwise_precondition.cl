// expect: violation: no launch satisfies it
// run: spec
// id: spec.vacuity unsatisfiable line 6
// reason: (n & 0) == 1 holds for no n: the precondition is vacuous, whatever an
// uninterpreted '&' could be made to return.
/*@ requires Perm(a[get_local_id(0)], write);
    requires (n & 0) == 1; @*/
__kernel void k(__global int *a, int n)
{
    a[get_local_id(0)] = n;
}
