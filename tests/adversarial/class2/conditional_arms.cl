// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 22
// truth: `tid < N ? buf : words` mixes a TYPE array and a uint array in the arms of ?:, so the pointer the kernel reads through is a uint pointer into buf; the copy moves 4-byte words, and an 8-byte TYPE gets only its first N/2 elements. PoCL, long add (int64) on 1..4: out = 1 3 then the 0xA5 poison pattern.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    __local uint words[N];
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
    __local uint *from = tid < N ? buf : words;
    __global uint *to = (__global void *)out;
    to[tid] = from[tid];
}
