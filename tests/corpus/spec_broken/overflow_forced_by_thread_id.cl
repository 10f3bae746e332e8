// expect: violation: signed overflow in '*'
// run: spec
// id: spec.undefined_behaviour signed_overflow line 14
// reason: the product's operand depends on memory (a flag of 0 or 1) and on the work-item;
// for work-items 2 and up it overflows whichever the flag is, so the assumption that
// data does not overflow cannot excuse it
/*@ context_everywhere get_num_groups(0) == 1;
    requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int flag = a[t] > 0 ? 1 : 0;
    a[t] = 2147483647 * (t + 1 - flag);
}
