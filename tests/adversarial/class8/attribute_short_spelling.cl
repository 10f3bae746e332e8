// expect: unknown
// run: verify --n 512
// veriscan: inclusive threads=n
// id: genericity unsupported_construct line 26
// truth: clang also takes '__attribute' without trailing underscores; this pure helper's unused call may be deleted with the barrier in it, and the rounds then race at n = 512
int hold(int x) __attribute((pure));

int hold(int x)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    return x;
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
        hold(0);
    }
    out[tid] = buf[tid];
}
