// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 22
// truth: __builtin_memcpy copies 4 bytes per element through `void *` parameters (the TYPE pointers convert implicitly): right for 4-byte TYPEs, but an 8-byte TYPE keeps the 0xA5 poison in its high half. PoCL, long add (int64) on 1..4: every out[k] = 0xA5A5A5A5_000000xx instead of 1 3 6 10.
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
    TYPE result = buf[tid];
    __builtin_memcpy(&out[tid], &result, 4);
}
