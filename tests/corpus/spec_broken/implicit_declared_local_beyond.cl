// expect: violation: the barrier hands out permission on buf[x] that its work-group does not own
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 12
// reason: The group owns all of a local array it declares, and nothing past its end:
// work-item 63 would receive buf[64].
/*@ requires get_local_size(0) == 64; @*/
__kernel void k(__global int *a)
{
    __local int buf[64];
    int tid = get_local_id(0);
    /*@ ensures Perm(buf[tid + 1], write); @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[tid + 1] = 1;
}
