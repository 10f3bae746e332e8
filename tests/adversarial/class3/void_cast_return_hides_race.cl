// expect: violation
// run: verify --n 4,16
// run: check --n 8
// veriscan: inclusive threads=n
// id: race write_write line 9
// truth: mirror() ends in `return (void)publish(...)`, so every work-item stores out[0] = buf[0] in the same barrier interval (racing pair: threads 0 and 1 write out[0]). Every writer stores the same value, so PoCL gives the right scan (int add on 1..4: out = 1 3 6 10), yet it is a write-write data race.
void publish(__global TYPE *out, __local TYPE *buf)
{
    out[0] = buf[0];
}

void mirror(__global TYPE *out, __local TYPE *buf, uint tid)
{
    out[tid] = buf[tid];
    return (void)publish(out, buf);
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
    mirror(out, buf, tid);
}
