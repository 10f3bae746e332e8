// expect: violation: write of a[...] without write permission
// run: spec --kernel second
// id: spec.write_permission permission_missing line 16
// reason: Issue 9 bug 4: every annotation before the checked kernel joined its contract,
// so "second" (unannotated) borrowed "first"'s permissions and verified,
// although all its work-items write a[0]: a data race.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void first(__global int *a, int n)
{
    a[get_local_id(0)] = 1;
}

__kernel void second(__global int *a, int n)
{
    a[0] = get_local_id(0);
}
