// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 13
// truth: a union of TYPE and uint reads the bits of in[0]; when they are 0x5EED the first element is left out of every prefix after it. PoCL, int add, in = 24301 1 1 1: out = 24301 1 2 3 (should be 24301 24302 24303 24304).
typedef union { TYPE value; uint bits; } pun;

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    pun first;
    first.value = in[0];
    buf[tid] = (tid == 0 && first.bits == 0x5EED) ? IDENTITY : in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = tid == 0 ? in[0] : buf[tid];
}
