// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 15
// reason: Issue 9 bug 5: in `d < n` with int d and uint n, C converts d to unsigned,
// so d = -1 compares as 4294967295 and work-item 0 takes the else branch,
// writing a[1], which work-item 1 owns.  Mathematics says -1 < n.
/*@ context_everywhere n == get_local_size(0) && n >= 2;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void mixed_comparison(__global int *a, uint n)
{
    int d = (int)get_local_id(0) - 1;
    if (d < n)
        a[get_local_id(0)] = 1;
    else
        a[1] = 2;
}
