// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 11
// truth: vstore2(v, tid, a) writes a[2*tid] and a[2*tid + 1]; the work-item owns only
//        the first.  (With a[2*tid + 1] owned too it verifies; without, the second lane
//        writes a cell nobody handed it.)
/*@ requires Perm(a[2 * get_local_id(0)], write); @*/
__kernel void vstore_half_owned(__global int *a)
{
    int tid = get_local_id(0);
    vstore2((int2)(1, 2), tid, a);
}
