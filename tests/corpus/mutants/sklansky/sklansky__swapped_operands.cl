// veriscan: inclusive threads=n/2 expect=interval-fails
// mutation: operands swapped: upper element (+) lower block total
// mutant of src/veriscan/kernels/scan/sklansky.cl
/* Sklansky inclusive scan (POPL'14 Fig. 8), n/2 work-items.
 * Round d (d = 1, 2, 4, ...) splits the array into blocks of 2d; the upper
 * half of each block adds the total of its lower half, the last element of
 * the lower half, which every upper element reads and nobody writes. */
__kernel void sklansky_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);

    buf[2 * tid] = in[2 * tid];
    buf[2 * tid + 1] = in[2 * tid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < N; d *= 2) {
        uint block = tid / d;
        uint dst = block * 2 * d + d + tid % d;
        uint src = block * 2 * d + d - 1;
        buf[dst] = OPERATOR(buf[dst], buf[src]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[2 * tid] = buf[2 * tid];
    out[2 * tid + 1] = buf[2 * tid + 1];
}
