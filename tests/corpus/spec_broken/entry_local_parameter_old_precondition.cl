// expect: violation: local pointer parameter tmp, whose contents are undefined
// run: spec
// id: spec.vacuity undefined_contents line 8
// reason: Relative: both bypasses at once, \old around a precondition about a __local
// pointer parameter; the garbage it assumes hides the race on out[0].
/*@ context_everywhere n == get_local_size(0);
    requires Perm(tmp[get_local_id(0)], write) ** Perm(out[get_local_id(0)], write);
    requires \old(tmp[get_local_id(0)]) == 1;
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out, __local int *tmp, int n)
{
    int t = get_local_id(0);
    if (tmp[t] == 1) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
