// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 11
// truth: `(ulong)(in + 1) - (ulong)in` measures sizeof(TYPE) through two pointer-to-integer conversions; wider TYPEs skip the combining step. PoCL, long add (int64) on 1..4: out = 1 2 3 4 (should be 1 3 6 10); int add on 1..4: 1 3 6 10.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    ulong width = (ulong)(in + 1) - (ulong)in;
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (width == 4)
            buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
