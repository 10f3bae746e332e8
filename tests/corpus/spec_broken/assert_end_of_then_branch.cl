// expect: violation: annotated assertion may fail
// run: spec
// id: spec.assert assertion_false line 15
// reason: Red-team round 3, F1a: an assertion closing a then-branch was checked at the
// first statement of the next line, inside the else-branch, where it holds; work-item 0
// reaches it with flag == 1, so it fails on every launch.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    int flag = 0;
    if (lid == 0) {
        flag = 1;
        //@ assert flag == 0;
    } else { out[lid] = 7; }
    out[lid] = flag;
}
