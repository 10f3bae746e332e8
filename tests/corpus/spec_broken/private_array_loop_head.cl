// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 16
// reason: A private array written in the loop body holds the new value at the next
// loop head: in the second iteration p[0] == 1 and every work-item writes out[0].
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int p[2];
    p[0] = 0;
    /*@ loop_invariant Perm(out[get_local_id(0)], write); @*/
    for (int i = 0; i < 2; i++) {
        if (p[0] == 1) {
            out[0] = t;
        } else {
            out[t] = 1;
        }
        p[0] = 1;
    }
}
