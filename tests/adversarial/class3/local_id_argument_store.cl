// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 10
// truth: the dimension argument of get_local_id is `(out[N - 1] = in[N - 1], 0)`; clang folds it to 0 and the store was dropped from the model, but every work-item runs it before the first barrier (racing pair: threads 0 and 1 write out[3] for n=4). Thread N-1 overwrites out[N-1] at the end, so PoCL gives the right scan (int add on 1..4: out = 1 3 6 10).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id((out[N - 1] = in[N - 1], 0));
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
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[tid] = buf[tid];
}
