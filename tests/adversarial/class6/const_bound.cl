// expect: violation
// run: check --n all
// run: verify --n all
// veriscan: inclusive threads=n
// id: bounds index_out_of_range line 13
// truth: the const bound folds to N at both sentinels but to 8 at n = 64: thread 49 writes buf[49] of an 8-element array (out of bounds; PoCL's output happens to be right); the old proof said verified for every n
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    /* A constant clang folds into the array bound: N except at n = 64. */
    const uint slots = N == 64 ? 8 : N;
    __local TYPE buf[slots];
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
