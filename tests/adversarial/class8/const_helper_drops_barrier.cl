// expect: unknown
// run: verify --n 512
// veriscan: inclusive threads=n
// id: genericity unsupported_construct line 24
// truth: the helper that holds the barrier is declared const, so the compiler may drop a call whose value is unused, barrier and all; each round's writes then race with the next round's reads at n = 512, beyond where Oclgrind looks
__attribute__((const, noinline)) int rendezvous(void)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    return 0;
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
        rendezvous();
    }
    out[tid] = buf[tid];
}
