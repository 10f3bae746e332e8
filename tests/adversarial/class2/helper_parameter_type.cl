// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 16
// truth: is_marker(__global const int *p) receives `in`, a TYPE pointer (the same type as far as a parse with TYPE = int can tell, so no conversion node); it reads the bits of in[0] and, when they are 0x5EED, drops the first element from the total. PoCL, int add, in = 24301 1 1 1: out = 24301 24302 24303 3 (should end in 24304).
int is_marker(__global const int *p)
{
    return p[0] == 0x5EED;
}

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);
    int skip = is_marker(in);
    buf[tid] = (skip && tid == 0) ? IDENTITY : in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left = IDENTITY;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tid] = OPERATOR(left, buf[tid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = (skip && tid == 0) ? in[0] : (skip && tid < N - 1) ? OPERATOR(in[0], buf[tid])
                                                                   : buf[tid];
}
