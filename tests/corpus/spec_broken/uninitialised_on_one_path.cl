// expect: violation: read of 'x', which was never assigned
// run: spec
// id: spec.undefined_behaviour unassigned_variable line 15
// reason: Relative: x is assigned on one branch only; work-items 2 and up read it
// unassigned (undefined behaviour), which must not get an invented value.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int x;
    if (t < 2) {
        x = 1;
    }
    out[t] = x;
}
