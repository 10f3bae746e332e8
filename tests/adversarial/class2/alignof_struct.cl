// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 13
// truth: _Alignof of a struct holding TYPE is 4 in the proof (TYPE stands for int) and for 4-byte monoids, 8 for 8-byte ones, where the scan stops after its first round. PoCL, long add (int64) on 1..4: out = 1 3 5 7 (should be 1 3 6 10); int add on 1..4: 1 3 6 10.
typedef struct { TYPE value; uchar tag; } tagged;

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    uint rounds_end = _Alignof(tagged) == 4 ? N : 2;
    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < rounds_end; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
