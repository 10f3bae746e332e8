// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 14
// reason: get_work_dim() is the launch's number of dimensions (1 for a 1-D launch),
// not its global size: with local size 1... 3 every work-item writes out[0].
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    if (get_work_dim() == get_local_size(0)) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
