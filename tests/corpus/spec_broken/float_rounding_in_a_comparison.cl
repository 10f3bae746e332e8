// expect: unknown: over-approximates
// run: spec
// id: spec.write_permission approximation line 12
// reason: Relative: a float has a 24-bit significand, so (float)16777216 and
// (float)16777217 are equal and work-item 0 writes out[1], as work-item 1 does.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    if ((float)(t + 16777216) == (float)16777217 && t == 0) {
        out[1] = t;
    } else {
        out[t] = 1;
    }
}
