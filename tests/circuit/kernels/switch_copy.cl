// veriscan: inclusive threads=n
/* A switch statement, which the IR does not model. */
__kernel void switch_copy(__global const TYPE *in, __global TYPE *out)
{
    uint tid = (uint)get_local_id(0);
    switch (tid) {
    case 0:
        out[0] = in[0];
        break;
    default:
        out[tid] = OPERATOR(in[tid - 1], in[tid]);
    }
}
