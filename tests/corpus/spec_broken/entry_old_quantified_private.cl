// expect: violation: private array p, whose contents are undefined at kernel entry
// run: spec
// id: spec.vacuity undefined_contents line 6
// reason: Relative: \old of a private array under a quantifier in the precondition;
// p is never written, so the garbage fact would decide the branch below.
/*@ requires (\forall int j; 0 <= j && j < 2; \old(p[j]) == 1);
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int p[2];
    if (p[t % 2] == 1) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
