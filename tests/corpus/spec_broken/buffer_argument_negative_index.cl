// expect: violation: below buf[0] (an OpenCL buffer argument points at the start of its buffer)
// run: spec
// id: spec.entry_permissions outside_extent line 7
// reason: An OpenCL kernel's buffer argument points at the first element of its
// buffer, so buf[-1] lies outside every buffer the host can pass; a contract that
// hands it out cannot be met, and the kernel's write there is out of bounds.
/*@ requires get_local_size(0) == 1 ** Perm(buf[-1], write);
    ensures Perm(buf[-1], write); @*/
__kernel void before_start(__global int *buf)
{
    buf[-1] = 7;
}
