// expect: violation: not verified (interval step): interval test failed
// run: verify --n 16
// veriscan: inclusive threads=n
// id: output wrong_output
// reason: operands swapped
/* Kogge-Stone with OPERATOR's operands swapped: race-free and generic, and
 * right for every commutative operator, but not a prefix sum; only the
 * interval test (step 3) can tell. */
__kernel void swapped_scan(__global const TYPE *in, __global TYPE *out)
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
        buf[t] = OPERATOR(buf[t], left);
    }
    out[t] = buf[t];
}
