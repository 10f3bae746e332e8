// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 13
// reason: Relative: a #define in an #if 0 block is no definition either; the live M
// is 16, and the kernel stores 8.
#if 0
#define M 8
#endif
#define M (4 + 4 + 8)
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == M; @*/
__kernel void k(__global int *out)
{
    out[get_local_id(0)] = 8;
}
