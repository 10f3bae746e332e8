// expect: violation: two threads both receive write
// run: spec
// reason: A // comment that ends in a backslash continues onto the next line (C's
// line splice, translation phase 2), so the "requires" on that line is comment text
// to C, not an annotation.  Without it every work-item is given write access to
// out[0], which the checker must reject; reading the spliced line as a contract
// would limit the launch to one work-item and hide the race. \
/*@ requires get_local_size(0) == 1; @*/
/*@ requires Perm(out[0], write);
    ensures Perm(out[0], write); @*/
__kernel void all_write_one(__global int *out)
{
    out[0] = get_local_id(0);
}
