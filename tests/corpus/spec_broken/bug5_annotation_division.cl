// expect: violation: the thread postcondition does not hold at the end
// run: spec
// id: spec.postcondition assertion_false line 12
// reason: Issue 9 bug 5: annotations divided like the solver (Euclidean: (0 - 1) / 2
// is -1) while the code divides like C ((0 - 1) / 2 is 0).  The postcondition,
// read as C reads it, says out[0] == 0; the kernel stores -1 there, and the
// mismatch was verified.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == (get_local_id(0) - 1) / 2; @*/
__kernel void division(__global int *out, int n)
{
    int tid = get_local_id(0);
    out[tid] = tid == 0 ? -1 : (tid - 1) / 2;
}
