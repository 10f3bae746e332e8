// expect: unknown: termination not shown
// run: spec
// id: spec.loop_termination may_not_end line 14
// reason: a loop whose condition is a comparison but whose body never moves its
// sides apart runs forever for work-items 1 and up; the postcondition after it was
// proven for work-item 0 alone
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 1; @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int s = 0;
    /*@ loop_invariant Perm(a[t], write) ** s == 0; @*/
    while (t > s) {
        s = s + 0;
    }
    a[t] = 1 - t;
}
