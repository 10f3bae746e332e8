// veriscan: exclusive threads=n/2 expect=interval-fails
// mutation: barrier in the up-sweep loop removed (race between levels)
// mutant of src/veriscan/kernels/scan/blelloch_inplace.cl
/* Blelloch exclusive scan in place in global memory, CUDA style (the
 * algorithm of Safari et al. 2015, Alg. 1, rewritten in OpenCL C with the
 * generic operator).  Every work-item follows one tree node per level through
 * `indicator`: up the tree as 2 * indicator + 1, down again as
 * (indicator - 1) / 2, starting from N * tid + N - 1 so only work-item 0
 * begins at the root.  indicator is 64-bit: N * tid overflows 32 bits for
 * large N, and a wrapped value could land inside the array. */
__kernel void blelloch_inplace_scan(__global const TYPE *in, __global TYPE *out)
{
    uint tid = (uint)get_local_id(0);

    out[2 * tid] = in[2 * tid];
    out[2 * tid + 1] = in[2 * tid + 1];
    barrier(CLK_GLOBAL_MEM_FENCE);

    ulong indicator = 2 * (ulong)tid + 1;
    for (uint stride = 1; stride < N; stride *= 2) {
        if (indicator < N && indicator >= stride)
            out[indicator] = OPERATOR(out[indicator - stride], out[indicator]);
        indicator = 2 * indicator + 1;
    }

    indicator = (ulong)N * tid + N - 1;
    if (indicator < N)
        out[indicator] = IDENTITY;
    for (uint stride = N / 2; stride >= 1; stride /= 2) {
        if (indicator < N && indicator >= stride) {
            TYPE right = out[indicator];
            out[indicator] = OPERATOR(right, out[indicator - stride]);
            out[indicator - stride] = right;
        }
        barrier(CLK_GLOBAL_MEM_FENCE);
        indicator = (indicator - 1) / 2;
    }
}
