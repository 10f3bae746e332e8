// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 12
// truth: __FILE__ of an absolute kernel path is longer than 48 characters, so the analysis keeps the barriers (verified), but PoCL compiles a 43-character temporary file and drops them: race on buf[1] between thread 1 writing and thread 2 reading (PoCL, int add, in = 0,1,2,3: out = 0,1,3,7, expected 0,1,3,6)
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    buf[tid] = in[tid];
    if (sizeof(__FILE__) > 48)
        barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left;
        if (tid >= offset)
            left = buf[tid - offset];
        if (sizeof(__FILE__) > 48)
            barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= offset)
            buf[tid] = OPERATOR(left, buf[tid]);
        if (sizeof(__FILE__) > 48)
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
