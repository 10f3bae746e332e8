// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 12
// truth: the analysis (libclang 18) keeps the barriers, PoCL's clang 14 drops all three: race on buf[tid - offset] between the reader tid and the writer tid - offset (PoCL, int add, in = 0,1,2,3: out = 0,1,3,7, expected 0,1,3,6)
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    if (__clang_major__ == 18)
        barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left;
        if (tid >= offset)
            left = buf[tid - offset];
        if (__clang_major__ == 18)
            barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= offset)
            buf[tid] = OPERATOR(left, buf[tid]);
        if (__clang_major__ == 18)
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
