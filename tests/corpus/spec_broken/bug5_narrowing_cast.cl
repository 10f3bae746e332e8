// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 13
// reason: Issue 9 bug 5: narrowing casts were ignored.  (uchar)tid wraps at 256, so
// work-items 0 and 256 of a 512-item group both write a[0] (a data race),
// while the checker read the slot as tid and verified the kernel.
/*@ context_everywhere n == get_local_size(0) && n <= 512;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void narrowing(__global int *a, int n)
{
    int tid = get_local_id(0);
    uchar slot = (uchar)tid;
    a[slot] = tid;
}
