// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 10
// truth: `__local uint *words = buf;` lets the TYPE array decay straight into a uint pointer (one implicit conversion, no cast); words[0] reads the low bits of the first element and, when they are 0x5EED, the last output becomes that element alone. PoCL, int add, in = 24301 1 1 1: out = 24301 24302 24303 24301 (should end in 24304).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    __local uint *words = buf;
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint marked = words[0] == 0x5EED;
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = (marked && tid == N - 1) ? in[0] : buf[tid];
}
