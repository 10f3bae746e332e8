// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 18
// reason: Issue 9 bug 5: a conversion to a 32-bit unsigned type wraps modulo 2^32, and
// only conversions narrower than int were followed before.  With
// k = 2^32 - 1, (uint)(k + tid) is tid - 1 for tid >= 1, which mathematics
// never equals 2^32 - 1 + tid, so work-item 1 writing a[slot] = a[0] (owned by
// work-item 0) went unseen.
/*@ context_everywhere k >= 0 && k < 4294967296;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void wide_cast(__global int *a, long k)
{
    long tid = get_local_id(0);
    uint slot = (uint)(k + tid);
    if (k == 0)
        a[tid] = 1;
    else
        a[slot] = 2;
}
