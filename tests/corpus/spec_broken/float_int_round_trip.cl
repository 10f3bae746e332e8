// expect: unknown: over-approximates (int_of_float)
// run: spec
// id: spec.undefined_behaviour approximation line 12
// reason: int -> float -> int is no identity: (int)(float)(16777217) == 16777216, so
// work-items 0 and 1 both write out[0].
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    float f = (float)(t + 16777216);
    int y = (int)f - 16777216;
    out[y] = t;
}
