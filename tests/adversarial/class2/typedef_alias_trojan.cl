// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 10
// truth: `__global const int *raw = in;` needs no cast while TYPE stands for int, so nothing saw it; raw[0] then inspects the bits of a TYPE value: when in[0] holds 0x5EED the last output is in[N-1] instead of the total. PoCL, int add, in = 24301 1 1 1: out = 24301 24302 24303 1 (should end in 24304).
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    __global const int *raw = in;
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
    out[tid] = (tid == N - 1 && raw[0] == 0x5EED) ? in[tid] : buf[tid];
}
