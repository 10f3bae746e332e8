// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 23
// reason: Relative: the private array is written in an inner loop only; after the outer
// loop it holds what the iterations left (7), not its value before the loops.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int p[1];
    p[0] = 0;
    //@ loop_invariant Perm(out[get_local_id(0)], write);
    for (int i = 0; i < 2; i++) {
        //@ loop_invariant Perm(out[get_local_id(0)], write);
        for (int j = 0; j < 2; j++) {
            p[0] = 7;
        }
    }
    if (p[0] == 0) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
