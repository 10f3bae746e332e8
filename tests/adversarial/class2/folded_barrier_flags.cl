// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 12
// truth: the lowering folds a barrier's flags as a constant, so the cast in `((TYPE)-1) > 0 ? CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE` never reaches the IR: the proof (int) sees local fences, while for unsigned TYPEs the barriers fence only global memory and buf races on a GPU (PoCL runs work-items in order and gets 1 3 6 10 right).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    for (uint d = 1; d < N; d *= 2) {
        barrier(((TYPE)-1) > 0 ? CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE);
        TYPE partial = IDENTITY;
        if (tid >= d)
            partial = buf[tid - d];
        barrier(((TYPE)-1) > 0 ? CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE);
        if (tid >= d)
            buf[tid] = OPERATOR(partial, buf[tid]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[tid] = buf[tid];
}
