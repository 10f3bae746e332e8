// expect: violation: the kernel precondition of all threads
// run: spec
// id: spec.vacuity unsatisfiable line 8
// reason: Issue 9 bug 6: an unsatisfiable precondition made every obligation vacuous.
// The precondition mis-states the id range (">=" for "<"), which no work-item
// of any launch satisfies, so the racy writes of a[0] by every work-item
// "verified".
/*@ context_everywhere n == get_local_size(0);
    requires get_local_id(0) >= n;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void contradiction(__global int *a, int n)
{
    a[0] = 1;
}
