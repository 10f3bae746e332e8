// expect: unknown: barrier under a condition that is not lock-step-safe
// run: spec
// id: spec.construct unsupported_construct line 17
// reason: Issue 9 bug 3, second half: the lock-step analysis took every parameter as
// uniform, so a barrier under "k > 0" counted as reached by all work-items or
// none, although k = tid makes work-item 0 skip it: barrier divergence.
/*@ context_everywhere n == get_local_size(0);
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void param_divergence(__global int *a, int n, int k)
{
    int tid = get_local_id(0);
    k = tid;
    a[tid] = k;
    if (k > 0) {
        /*@ requires Perm(a[tid], write);
            ensures Perm(a[tid], write); @*/
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
