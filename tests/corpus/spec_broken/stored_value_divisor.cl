// expect: violation: '/' by zero
// run: spec
// id: spec.undefined_behaviour division_by_zero line 13
// reason: The divisor is a value the kernel itself stored in the thread's own cell (0 for work-item 0), read straight back: arithmetic on memory is assumed defined only for what memory held, not for what the thread just put there.
/*@ context_everywhere get_num_groups(0) == 1;
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    out[t] = t == 0 ? 0 : 1;
    int d = out[t];
    out[t] = 100 / d;
}
