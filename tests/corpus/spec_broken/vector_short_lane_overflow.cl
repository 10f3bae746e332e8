// expect: violation: signed overflow in '+' (short)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 12
// reason: OpenCL C does not promote vector components: a short2 adds in short, and
// 32767 + 32767 overflows (undefined).  Computed in int after C's promotion, the
// sum fitted and was narrowed, and the kernel verified.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global short *out)
{
    short2 v = (short2)(32767, 32767);
    short2 w = v + v;
    out[get_local_id(0)] = w.x;
}
