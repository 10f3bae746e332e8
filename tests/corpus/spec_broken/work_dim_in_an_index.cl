// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 11
// reason: Relative: get_work_dim() in an index rather than a condition; the spec says
// local size - 1 + t, which is what the index was when work_dim was misread.
/*@ requires Perm(out[get_local_size(0) - 1 + get_local_id(0)], write);
    ensures Perm(out[get_local_size(0) - 1 + get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    out[get_work_dim() - 1 + t] = t;
}
