// expect: violation
// run: check --n all
// run: verify --n all
// veriscan: inclusive threads=n
// id: bounds index_out_of_range line 15
// truth: SLOTS equals N at both sentinels (and at n = 2^31) but is 16 at n = 32: thread 17 writes buf[17] past the 16-element array (out of bounds; PoCL's output happens to be right, the write lands outside buf); the old proof said verified for every n
/* Equal to N at every n but 32, so at any sentinel: the old comparison took
 * it for N itself. */
enum { SLOTS = N == 32 ? 16 : N };

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[SLOTS];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= offset)
            buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
