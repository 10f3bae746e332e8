// expect: unknown
// run: verify --n 512
// veriscan: inclusive threads=n
// id: genericity unsupported_construct line 26
// truth: a pure function's unused call may be deleted like a const one's; the barrier inside goes with it
int wait_all(int unused) __attribute__((pure));

int wait_all(int unused)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    return unused;
}

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint step = 1; step < N; step *= 2) {
        TYPE mine = buf[tid];
        TYPE left = tid >= step ? buf[tid - step] : mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= step)
            buf[tid] = OPERATOR(left, mine);
        wait_all(0);
    }
    out[tid] = buf[tid];
}
