// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 13
// truth: p = a + 1 names the same buffer one cell on: p[tid - 1] is a[tid], of which the
//        work-item holds only a read.  The alias must not hide the store from the
//        permission check.
/*@ requires \pointer_length(a) == get_local_size(0) ** Perm(a[get_local_id(0)], read); @*/
__kernel void alias_store(__global int *a)
{
    int tid = get_local_id(0);
    __global int *p = a + 1;
    if (tid >= 1) {
        p[tid - 1] = 5;
    }
}
