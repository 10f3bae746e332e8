// expect: violation: signed overflow in '*'
// run: spec
// id: spec.undefined_behaviour signed_overflow line 12
// reason: Issue 9 bug 5: signed overflow is undefined behaviour in C.  big * 2
// overflows int for big >= 2^30, where the mathematical reading made
// `twice >= 0` always true and verified the kernel.
/*@ context_everywhere big >= 0;
    requires Perm(a[get_local_id(0)], write); @*/
__kernel void signed_overflow(__global int *a, int big)
{
    int tid = get_local_id(0);
    int twice = big * 2;
    if (twice >= 0)
        a[tid] = twice;
}
