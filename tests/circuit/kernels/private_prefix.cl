// veriscan: inclusive threads=n
/* Every work-item folds its own prefix in a private one-element array.  All
 * of them use acc[0]; that is no race because each has its own copy. */
__kernel void private_prefix(__global const TYPE *in, __global TYPE *out)
{
    uint tid = (uint)get_local_id(0);
    TYPE acc[1];
    acc[0] = in[0];
    for (uint k = 1; k <= tid; k++)
        acc[0] = OPERATOR(acc[0], in[k]);
    out[tid] = acc[0];
}
