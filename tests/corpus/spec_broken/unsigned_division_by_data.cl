// expect: violation: '/' by zero
// run: spec
// id: spec.undefined_behaviour division_by_zero line 14
// reason: the assumption about data covered every undefined operation whose operand
// was read from memory, so an unsigned division by a value the host may pass as 0
// verified; only a signed overflow of data is assumed away
/*@ context_everywhere get_num_groups(0) == 1;
    requires Perm(a[get_local_id(0)], read) ** Perm(out[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], read) ** Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global const uint *a, __global uint *out)
{
    int t = get_local_id(0);
    uint d = a[t];
    out[t] = 1000u / d;
}
