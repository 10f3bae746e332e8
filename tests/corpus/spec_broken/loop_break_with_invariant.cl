// expect: unknown: unsupported: statement break
// run: spec
// id: spec.construct unsupported_construct line 15
// truth: The loop leaves through the break at i == 3, so after it i is 3 whenever n > 3,
//        not n: the assertion fails.  Exits other than the condition's are not modelled
//        (the invariant with the negated condition would wrongly give i == n), so the
//        verdict is unknown.
/*@ requires Perm(a[get_local_id(0)], write) ** n >= 0; @*/
__kernel void early_exit(__global int *a, int n)
{
    int tid = get_local_id(0);
    int i = 0;
    //@ loop_invariant 0 <= i && i <= n;
    while (i < n) {
        if (i == 3) break;
        i++;
    }
    //@ assert i == n;
    a[tid] = i;
}
