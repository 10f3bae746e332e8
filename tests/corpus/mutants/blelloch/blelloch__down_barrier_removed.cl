// veriscan: exclusive threads=n/2 expect=undetected-by-interval
// invisible on: pocl (the interval test passes on PoCL; Oclgrind reports the race)
// mutation: barrier in the down-sweep loop removed (race between levels)
// reason: PoCL runs the work-items of a group one after another in id order between barriers; each down-sweep node is written by a lower work-item id than the one reading it, so it is always final when read; finding it is the static race checker's job
// mutant of src/veriscan/kernels/scan/blelloch.cl
/* Blelloch exclusive scan (POPL'14 Fig. 8), n/2 work-items.
 * Up-sweep as in Brent-Kung.  Then the root (last element) is replaced by the
 * identity and the tree is walked back down: each node passes its prefix to
 * its left child and prefix (+) left-subtree total to its right child.  The
 * work-item that clears the root is the one that first reads it, so no
 * barrier is needed in between. */
__kernel void blelloch_scan(__global const TYPE *in, __global TYPE *out)
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
    if (tid == 0)
        buf[N - 1] = IDENTITY;
    for (uint d = N / 2; d >= 1; d /= 2) {
        if (tid < N / (2 * d)) {
            uint i = (tid + 1) * 2 * d - 1;
            TYPE left = buf[i - d];
            buf[i - d] = buf[i];
            buf[i] = OPERATOR(buf[i], left);
        }
    }
    out[2 * tid] = buf[2 * tid];
    out[2 * tid + 1] = buf[2 * tid + 1];
}
