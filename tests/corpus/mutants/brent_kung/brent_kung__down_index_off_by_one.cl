// veriscan: inclusive threads=n/2 expect=interval-fails
// mutation: down-sweep index one too far: i = (tid + 1) * 2d + d
// mutant of src/veriscan/kernels/scan/brent_kung.cl
/* Brent-Kung inclusive scan (POPL'14 Fig. 8), n/2 work-items.
 * Up-sweep: a reduction tree leaves the total of every aligned block of 2d
 * in the block's last element.  Down-sweep: the element d past each block end
 * adds that block-end prefix, filling in the prefixes the tree skipped.
 * Indices are tested against the thread count before they are formed, so
 * nothing overflows for n up to 2^31. */
__kernel void brent_kung_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);

    buf[2 * tid] = in[2 * tid];
    buf[2 * tid + 1] = in[2 * tid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < N; d *= 2) {
        if (tid < N / (2 * d)) {
            uint i = (tid + 1) * 2 * d - 1;
            buf[i] = OPERATOR(buf[i - d], buf[i]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint d = N / 4; d >= 1; d /= 2) {
        if (tid + 1 < N / (2 * d)) {
            uint i = (tid + 1) * 2 * d + d;
            buf[i] = OPERATOR(buf[i - d], buf[i]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[2 * tid] = buf[2 * tid];
    out[2 * tid + 1] = buf[2 * tid + 1];
}
