// expect: violation: not verified (generic step): not generic
// run: verify --n 16
// veriscan: inclusive threads=n
// id: genericity type_inspected line 22
// reason: inspects TYPE values
/* Kogge-Stone that skips OPERATOR when the left operand equals IDENTITY.
 * Harmless for the interval monoid, so the test passes; but the kernel
 * compares TYPE values, and a kernel that may inspect values can recognise
 * the test's input, so the interval test proves nothing about it. */
__kernel void not_generic_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    const uint t = get_local_id(0);
    buf[t] = in[t];
    for (uint offset = 1; offset < N; offset *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        TYPE left = IDENTITY;
        if (t >= offset) {
            left = buf[t - offset];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (left != IDENTITY) {
            buf[t] = OPERATOR(left, buf[t]);
        }
    }
    out[t] = buf[t];
}
