// expect: violation: signed overflow in '+'
// run: spec
// id: spec.undefined_behaviour signed_overflow line 14
// reason: an operand that merely mentioned memory made its overflow "the data's
// business": (t + v) - v is t for every v, and t * 65536 * 65536 overflows for every
// work-item but the first, whatever memory holds
/*@ context_everywhere get_num_groups(0) == 1;
    requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int v = a[t];
    int u = (t + v) - v;
    a[t] = u * 65536 * 65536;
}
