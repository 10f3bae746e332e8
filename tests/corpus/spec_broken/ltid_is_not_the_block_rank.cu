// expect: violation: two threads both receive write permission on the same location of a
// run: spec
// id: spec.entry_permissions permission_exceeded line 7
// truth: \ltid is threadIdx.x (get_local_id(0)), not the thread's rank in a 2-D block:
//        threads (x, 0) and (x, 1) both claim a[x] and both store there (a race that
//        `veriscan check --local-size 4,2` reports).
/*@ requires Perm(a[\ltid], write); @*/
__global__ void ltid_2d(int *a)
{
    a[threadIdx.x] = threadIdx.y;
}
