// expect: unknown: GPUVerify __assume/__requires in the code
// run: spec
// id: spec.construct unsupported_construct line 7
// reason: Relative: the assumption sits in a helper the kernel calls (inlined).
int first(int x)
{
    __assume(x == 0);
    return x;
}
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    out[first(get_local_id(0))] = 1;
}
