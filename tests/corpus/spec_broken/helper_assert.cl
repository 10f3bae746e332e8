// expect: unknown: annotations of helper functions are not checked
// run: spec
// id: spec.construct unsupported_construct line 8
// reason: An assertion inside an inlined helper: it must be checked or refused,
// never dropped (it fails for every work-item but 0).
int helper(int x)
{
    //@ assert x == 0;
    return x + 1;
}
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    out[t] = helper(t);
}
