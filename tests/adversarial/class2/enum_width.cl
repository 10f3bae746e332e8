// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 7
// truth: `enum { WORDS = sizeof(TYPE) / 4 }` hides sizeof(TYPE) in a file-scope enumerator, which the kernel reads as a plain constant (1 in the proof, where TYPE stands for int); with WORDS != 1 each work-item combines only every other round. PoCL, long add (int64) on 1..4: out = 1 3 5 7 (should be 1 3 6 10); int add on 1..4: 1 3 6 10.
enum { WORDS = sizeof(TYPE) / 4 };

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
        if (WORDS == 1 || offset == 1)
            buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
