// expect: unknown: is followed by the preprocessor line 10
// run: spec
// id: spec.construct unsupported_construct line 9
// reason: Red-team round 3, F2b: a contract (ensures out[lid] == 9; k stores 6) sat in the
// body of a kernel that exists only in an #if 0 region, and was dropped as that kernel's.
#if 0
__kernel void k_old(__global int *out) {
#endif
/*@ ensures out[get_local_id(0)] == 9; @*/
#if 0
}
#endif
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    out[lid] = 6;
}
