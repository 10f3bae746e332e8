// expect: violation
// run: check --n all
// run: verify --n all
// veriscan: inclusive threads=n
// id: race read_write line 20
// truth: N stringified: seven digits at both sentinels keep the barrier, but 4 has one digit; at n = 4 the middle barrier is gone: thread 2 reads buf[1] while thread 1 writes it (PoCL, int add, in = 1,1,1,1: out = 1,2,4,6, expected 1,2,3,4); the old two-sentinel proof said verified for every n
#define SPELL(x) #x
#define DIGITS(x) (sizeof(SPELL(x)) - 1)
/* seven digits like both sentinels (or ten, like 2^31) keep the barrier */

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left;
        if (tid >= offset)
            left = buf[tid - offset];
        if (DIGITS(N) == 7 || DIGITS(N) == 10)
            barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= offset)
            buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
