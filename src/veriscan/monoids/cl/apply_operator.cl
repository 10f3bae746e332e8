/* Host-side evaluation of a user monoid's OPERATOR: out[k] = a[k] (+) b[k].
 * A user monoid is given only as OpenCL C, so the device is its reference. */
__kernel void vs_apply_operator(__global const TYPE *a, __global const TYPE *b,
                                __global TYPE *out)
{
    size_t k = get_global_id(0);
    out[k] = OPERATOR(a[k], b[k]);
}

__kernel void vs_identity(__global TYPE *out)
{
    out[0] = IDENTITY;
}
