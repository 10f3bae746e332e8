// expect: unknown: annotations of helper functions are not checked
// run: spec
// id: spec.construct unsupported_construct line 8
// reason: Relative: a (false) loop invariant on a loop of a helper the kernel calls.
int sum_to(int m)
{
    int s = 0;
    //@ loop_invariant s == 0;
    for (int i = 0; i < m; i++) {
        s = i;
    }
    return s;
}
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    out[get_local_id(0)] = sum_to(4);
}
