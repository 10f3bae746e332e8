// expect: violation: not verified (static step): barrier divergence
// run: verify --n 16
// veriscan: inclusive threads=n
// id: divergence not_all_threads line 19
// reason: barrier inside a thread-dependent branch
/* Kogge-Stone with the second barrier inside `if (t >= offset)`: work-items
 * below offset skip it, so the group's work-items reach different barriers
 * (undefined behaviour; on a GPU it can hang).  verify must stop at the
 * static step and never launch it. */
__kernel void divergent_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    const uint t = get_local_id(0);
    buf[t] = in[t];
    for (uint offset = 1; offset < N; offset *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t >= offset) {
            const TYPE left = buf[t - offset];
            barrier(CLK_LOCAL_MEM_FENCE);
            buf[t] = OPERATOR(left, buf[t]);
        }
    }
    out[t] = buf[t];
}
