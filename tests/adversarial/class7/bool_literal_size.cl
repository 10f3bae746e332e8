// expect: violation
// run: verify --n 512
// veriscan: inclusive threads=n
// id: bounds index_out_of_range line 13
// truth: on the device true is a bool (sizeof 1), so work-item 0 stores past the end of buf at every n > 256, where Oclgrind does not look; a proof that took true for the int 1 would see that store as dead and verify the kernel
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (sizeof(true) == 1 && N > 256 && tid == 0)
        buf[N] = in[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < N; d *= 2) {
        TYPE left = buf[tid];
        if (tid >= d)
            left = buf[tid - d];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= d)
            buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
