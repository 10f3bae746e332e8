// veriscan: inclusive threads=n
/* Only the dialect's own names and the three placeholders: generic. */
#ifndef TILE
#define TILE 2
#endif
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    size_t tid = get_global_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) {
        TYPE acc = IDENTITY;
        for (uint k = 0; k < N; k++) {
            acc = OPERATOR(acc, buf[k]);
            out[k] = acc;
        }
    }
}
