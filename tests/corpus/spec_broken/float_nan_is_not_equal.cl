// expect: unknown: over-approximates (comparison of opaque values)
// run: spec
// id: spec.write_permission approximation line 13
// reason: NaN != NaN: every work-item writes out[0].  Float comparisons are not
// modelled, so the race is possible, never ruled out.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    float z = sqrt(-1.0f);
    if (z != z) {
        out[0] = t;
    } else {
        out[t] = 1;
    }
}
