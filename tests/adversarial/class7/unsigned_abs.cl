// expect: violation
// run: verify --n 512
// veriscan: inclusive threads=n
// id: bounds index_out_of_range line 13
// truth: OpenCL's abs(int) returns uint, so abs(0) - 1 is 4294967295 and the guarded store runs for every work-item at n > 256, writing past the end of buf; a proof that gave abs an int result would take the guard for -1 > N, false, and verify the kernel
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (abs((int)tid - (int)tid) - 1 > N && N > 256)
        buf[N + tid] = in[tid];
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
