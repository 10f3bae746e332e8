// veriscan: inclusive threads=n expect=undetected-by-interval
// invisible on: pocl (the interval test passes on PoCL; Oclgrind reports the race)
// mutation: barrier at the end of each round removed (race with the next round's reads)
// reason: PoCL runs the work-items of a group one after another in id order between barriers; work-item t reads out[t - offset] after that lower work-item finished its round, which is the value the barrier would have guaranteed; finding it is the static race checker's job
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
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE temp = out[tid];
        if (tid >= offset)
            temp = OPERATOR(out[tid - offset], temp);
        barrier(CLK_GLOBAL_MEM_FENCE);
        if (tid >= offset)
            out[tid] = temp;
    }
}
