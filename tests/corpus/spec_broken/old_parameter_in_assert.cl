// expect: violation: annotated assertion may fail
// run: spec
// id: spec.assert assertion_false line 11
// reason: Relative: \old(n) in an assertion after the parameter doubled.
/*@ requires n > 0 && n < 1000;
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out, int n)
{
    n = n * 2;
    //@ assert n == \old(n);
    out[get_local_id(0)] = n;
}
