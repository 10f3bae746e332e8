// expect: violation: no launch satisfies it
// run: spec
// id: spec.vacuity unsatisfiable line 6
// reason: Red-team round 4: a uint parameter is never below zero; without the C range in
// the vacuity query the then-branch (every thread writes a[0]) was pruned as infeasible.
/*@ requires Perm(a[get_local_id(0)], write);
    requires n < 0; @*/
__kernel void k(__global int *a, uint n)
{
    if (n >= 0u) {
        a[0] = 1;
    } else {
        a[get_local_id(0)] = 1;
    }
}
