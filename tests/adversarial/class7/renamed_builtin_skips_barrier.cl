// expect: unknown
// run: verify --n 64
// truth: on PoCL abs becomes _cl_abs, and the inner _cl_abs (0) hides the kernel's abs (1), so the end-of-round barrier is skipped: a read-write race on the local buffer that Oclgrind reports on the text PoCL compiles
// veriscan: inclusive threads=n
// id: output not_run
__kernel void k(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    uint abs = 1u;
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        uint _cl_abs = 0u;
        for (uint offset = 1; offset < N; offset *= 2) {
            TYPE left;
            if (tid >= offset)
                left = buf[tid - offset];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (tid >= offset)
                buf[tid] = OPERATOR(left, buf[tid]);
            if (abs)
                barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[tid] = buf[tid];
}
