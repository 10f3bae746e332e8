// expect: violation: annotated assertion may fail
// run: spec
// id: spec.assert assertion_false line 12
// reason: Red-team round 3, F1c: an assertion after `v = 1;` on the same line was checked
// before it (at the line's first statement), where v is still 2; it fails everywhere.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    int v = 2;
    v = 1; /*@ assert v == 2; @*/ out[lid] = v;
}
