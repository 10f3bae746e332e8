// expect: unknown: is followed by the preprocessor line 19
// run: spec
// id: spec.construct unsupported_construct line 18
// reason: Red-team round 3, F2a: unbalanced braces in #if 0 regions made the file's own
// brace count see a second kernel around the (false) assertion, which was then dropped
// as that kernel's.  The compiler sees one kernel; the assertion is placed only if the
// code after it is certain, and a preprocessor line is not.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    out[lid] = 1;
#if 0
}
__kernel void ghost(void) {
#endif
    //@ assert lid == 4321;
#if 0
}
#endif
    out[lid] = 3;
}
