// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 9
// truth: publish() runs through `return publish(...)` in a void helper; every work-item writes out[N-1] with its own buf[tid] (racing pair: threads 0 and 1 on out[3] for n=4). PoCL runs work-items in order, so thread N-1 writes last and int add on 1..4 still gives out = 1 3 6 10: only the static proof can see this race.
void publish(__global TYPE *out, __local TYPE *buf, uint tid)
{
    out[N - 1] = buf[tid];
}

void finish(__global TYPE *out, __local TYPE *buf, uint tid)
{
    out[tid] = buf[tid];
    return publish(out, buf, tid);
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
    finish(out, buf, tid);
}
