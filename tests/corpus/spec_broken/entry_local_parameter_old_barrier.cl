// expect: violation: local pointer parameter tmp, whose contents are undefined
// run: spec
// id: spec.vacuity undefined_contents line 13
// reason: Relative: \old of a __local pointer parameter in a barrier postcondition;
// \old is the kernel-entry heap wherever it stands.
/*@ requires Perm(tmp[get_local_id(0)], write);
    ensures Perm(tmp[get_local_id(0)], write); @*/
__kernel void k(__local int *tmp)
{
    int t = get_local_id(0);
    tmp[t] = 1;
    /*@ requires Perm(tmp[t], write);
        ensures Perm(tmp[t], write) ** tmp[t] == \old(tmp[get_local_id(0)]); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
}
