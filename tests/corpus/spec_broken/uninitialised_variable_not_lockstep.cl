// expect: unknown: barrier under a condition that is not lock-step-safe
// run: spec
// id: spec.construct unsupported_construct line 14
// reason: x is never initialised: every work-item has its own garbage x, so the
// barrier under x > 5 may diverge, however uniform x = x / 2 looks.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int x;
    x = x / 2;
    if (x > 5) {
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    out[t] = 1;
}
