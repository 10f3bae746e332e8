// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 21
// truth: the flags argument of mem_fence is `(out[N - 1] = buf[tid], CLK_GLOBAL_MEM_FENCE)`: clang folds it to the constant 2 and the store vanished from the model, but every work-item runs it (racing pair: threads 0 and 1 write out[3] for n=4). PoCL runs work-items in order, so int add on 1..4 still gives out = 1 3 6 10.
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
    out[tid] = buf[tid];
    mem_fence((out[N - 1] = buf[tid], CLK_GLOBAL_MEM_FENCE));
}
