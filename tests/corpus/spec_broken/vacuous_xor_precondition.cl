// expect: unknown: cannot rule out a vacuous precondition
// run: spec
// id: spec.vacuity approximation line 6
// reason: Relative: (n ^ n) == 1 holds for no n, and '^' of two unknowns has no exact
// encoding: a model through an uninterpreted '^' proves nothing.
/*@ requires Perm(a[get_local_id(0)], write);
    requires (n ^ n) == 1; @*/
__kernel void k(__global int *a, int n)
{
    a[get_local_id(0)] = n;
}
