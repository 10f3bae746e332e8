// expect: unknown: which kernel 'k' calls
// run: spec --kernel k
// id: spec.construct unsupported_construct line 8
// reason: Red-team round 3, F3: k calls kernel `callee` against its precondition
// (n == 4321 fails for every work-item but one).  Whether k runs callee was decided by
// shared source lines, and an empty body has none, so the contract was dropped as
// another kernel's.  The call graph (clang's references) decides it now.
/*@ requires n == 4321; @*/
__kernel void callee(int n) { }

/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    callee(lid);
    out[lid] = 3;
}
