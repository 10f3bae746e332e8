// expect: violation: private array p, whose contents are undefined at kernel entry
// run: spec
// id: spec.vacuity undefined_contents line 8
// reason: Relative: \old of a private array in a postcondition, not a precondition:
// there is no kernel-entry value of p for the fact to be about.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == 3 ==> out[get_local_id(0)] == \old(p[0]); @*/
__kernel void k(__global int *out)
{
    int p[1];
    p[0] = 3;
    out[get_local_id(0)] = p[0];
}
