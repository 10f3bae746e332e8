// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 9
// truth: words_of() hands back its TYPE pointer as a `__local uint *` through an implicit conversion in its return value, and the result is copied out in 4-byte words: an 8-byte TYPE gets only its first N/2 elements. PoCL, long add (int64) on 1..4: out = 1 3 then the 0xA5 poison pattern.
__local uint *words_of(__local TYPE *b)
{
    return b;
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
    __global uint *to = (__global void *)out;
    to[tid] = words_of(buf)[tid];
}
