// expect: unknown: thread postcondition does not hold
// run: spec
// id: spec.postcondition approximation line 12
// reason: 16777216.0f + 1.0f rounds to 16777216 (a float has a 24-bit
// significand), the double sum is 16777217.  One uninterpreted '+' for floats and
// doubles alike gave both the same value and verified the postcondition.
// Comparisons of float values in annotations are opaque (NaN), so it is unknown.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/*@ requires Perm(f[get_local_id(0)], write) ** Perm(d[get_local_id(0)], write);
    ensures Perm(f[get_local_id(0)], write) ** Perm(d[get_local_id(0)], write);
    ensures f[get_local_id(0)] == d[get_local_id(0)]; @*/
__kernel void k(__global float *f, __global double *d)
{
    size_t t = get_local_id(0);
    f[t] = 16777216.0f + 1.0f;
    d[t] = 16777216.0 + 1.0;
}
