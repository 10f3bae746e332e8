// expect: unknown: 'assert' in a kernel contract
// run: spec
// id: spec.construct unsupported_construct line 6
// reason: Red-team round 4: a clause the contract cannot check was dropped in silence.
/*@ requires Perm(a[get_local_id(0)], write);
    assert false; @*/
__kernel void k(__global int *a)
{
    a[get_local_id(0)] = 1;
}
