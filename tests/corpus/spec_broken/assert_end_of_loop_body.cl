// expect: violation: annotated assertion may fail
// run: spec
// id: spec.assert assertion_false line 17
// reason: Red-team round 3, F1b: an assertion closing a loop body must hold in every
// iteration (here it fails in the first three, count == 1, 2, 3); it was checked
// once, after the loop, at the statement that follows the brace on the same line.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    int count = 0;
    //@ loop_invariant 0 <= j && j <= 4 && count == j;
    //@ loop_invariant Perm(out[lid], write);
    for (int j = 0; j < 4; j++) {
        count = count + 1;
        //@ assert count == 4;
    } out[lid] = count;
}
