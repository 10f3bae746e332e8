// expect: unknown: GPUVerify __assume/__requires in the code
// run: spec
// id: spec.construct unsupported_construct line 10
// reason: Every work-item assumes it is work-item 0: no launch of two work-items
// satisfies that, so taking it as a fact would prove anything.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    __requires(get_local_id(0) == 0);
    out[0] = get_local_id(0);
}
