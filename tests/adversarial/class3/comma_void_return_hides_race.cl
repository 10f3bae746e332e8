// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 9
// truth: stage() returns `(note_total(...), (void)0)`, a void comma expression whose left operand stores out[N-1] from every work-item (racing pair: threads 0 and 1 write out[3] for n=4). PoCL runs work-items in order, thread N-1 writes last, and int add on 1..4 gives out = 1 3 6 10.
void note_total(__global TYPE *out, __local TYPE *buf, uint tid)
{
    out[N - 1] = buf[tid];
}

void stage(__global TYPE *out, __local TYPE *buf, uint tid)
{
    return (note_total(out, buf, tid), (void)0);
}

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
    stage(out, buf, tid);
}
