// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 16
// reason: Issue 9 bug 5: unsigned arithmetic wraps in C.  For work-item 0, tid - 1u is
// 4294967295, not -1, so `prev >= n` holds for work-item 0 in C (never in
// mathematics) and it writes a[1], which work-item 1 owns.  The mathematical
// reading verified this racy kernel; the checker now follows the wrap exactly
// and finds the write.
/*@ context_everywhere n == get_local_size(0) && n >= 2;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void unsigned_wrap(__global int *a, uint n)
{
    uint tid = get_local_id(0);
    uint prev = tid - 1u;
    if (prev >= n)
        a[1] = 7;
    else
        a[tid] = 1;
}
