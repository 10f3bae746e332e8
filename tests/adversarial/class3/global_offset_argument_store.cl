// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 21
// truth: `get_global_offset((out[0] = in[0], 0))` was read as the constant 0 and its argument never lowered, but every work-item stores out[0] in the last barrier interval (racing pair: threads 0 and 1 write out[0]). They all store in[0], the right value, so PoCL gives the right scan (int add on 1..4: out = 1 3 6 10).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    uint base = (uint)get_global_offset((out[0] = in[0], 0));
    out[base + tid] = buf[tid];
}
