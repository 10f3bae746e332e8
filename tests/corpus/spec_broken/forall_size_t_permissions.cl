// expect: violation: read of in[...] without read permission
// run: spec
// id: spec.read_permission permission_missing line 11
// reason: Relative: a separating \forall* over size_t gives read permission on
// in[2..3] only, not on the in[0] the kernel reads.
/*@ requires (\forall* size_t j; j < 2; Perm(in[j + 2], read));
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global const int *in, __global int *out)
{
    out[get_local_id(0)] = in[0];
}
