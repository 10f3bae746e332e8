// expect: violation: the preconditions give a permission outside the buffer buf[0 .. \pointer_length(buf))
// run: spec
// id: spec.entry_permissions outside_extent line 9
// reason: The contract fixes the buffer's length at m, the work-group size, yet it
// gives work-item i the cell buf[i + 1]; the last work-item's cell buf[m] is past
// the end, and the kernel writes it.  No buffer can meet this precondition.
/*@ context_everywhere m == get_local_size(0);
    requires \pointer_length(buf) == m;
    requires Perm(buf[get_local_id(0) + 1], write);
    ensures Perm(buf[get_local_id(0) + 1], write);
    ensures buf[get_local_id(0) + 1] == get_local_id(0); @*/
__kernel void shift_up(__global int *buf, int m)
{
    int i = get_local_id(0);
    buf[i + 1] = i;
}
