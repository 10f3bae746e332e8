// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=8 --array-size in=1
// id: divergence approximation line 14
// truth: isinf(exp(x)) on a float and on a double are different built-ins of different precision: with in[0] = 100.0f, exp(100.0f) overflows (1) but exp(100.0) does not (0) (PoCL), so the odd work-items, which take the double arm, skip the barrier the even ones wait at: barrier divergence
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *a, __global const float *in)
{
    __local int buf[8];
    int t = get_local_id(0);
    float x = in[0];
    int v = (t & 1) ? isinf(exp((double)x)) : isinf(exp(x));
    buf[t] = t;
    if (v)
        barrier(CLK_LOCAL_MEM_FENCE);
    a[t] = buf[t];
}
