// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 21
// truth: out and buf are laundered through `void *` into uint pointers (no cast anywhere), and the result is copied one 4-byte word per work-item: right for 4-byte TYPEs, but an 8-byte TYPE gets only its first N/2 elements. PoCL, long add (int64) on 1..4: out = 1 3 then the 0xA5 poison pattern; int add on 1..4 gives 1 3 6 10.
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
    __global void *sink = out;
    __local void *source = buf;
    __global uint *to = sink;
    __local uint *from = source;
    to[tid] = from[tid];
}
