// veriscan: inclusive threads=n expect=interval-fails
// mutation: offset starts at 2: the distance-1 round is skipped
// mutant of src/veriscan/kernels/scan/kogge_stone_inplace.cl
/* Kogge-Stone inclusive scan in place in global memory, CUDA style (the
 * algorithm of Safari et al. 2015, Alg. 2, rewritten in OpenCL C with the
 * generic operator).  The CUDA original expects out to hold the input on
 * entry; here every work-item first copies its element.  Each round combines
 * into a private temporary, waits until every work-item has read, then
 * stores. */
__kernel void kogge_stone_inplace_scan(__global const TYPE *in, __global TYPE *out)
{
    uint tid = (uint)get_local_id(0);

    out[tid] = in[tid];
    barrier(CLK_GLOBAL_MEM_FENCE);
    for (uint offset = 2; offset < N; offset *= 2) {
        TYPE temp = out[tid];
        if (tid >= offset)
            temp = OPERATOR(out[tid - offset], temp);
        barrier(CLK_GLOBAL_MEM_FENCE);
        if (tid >= offset)
            out[tid] = temp;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
