// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=8 --array-size in=1
// id: bounds approximation line 14
// truth: the lanes of exp and log on a float2 and on a double2 are different built-ins: with in[0] = 100.0f, log(exp(x)) is +inf in float (exp overflows) but 100.0 in double, so as_int2 of the two float2 results differ in lane x (0x7F800000 and 0x42C80000 on PoCL) and every work-item writes a[t + 8], past the end of a
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *a, __global const float *in)
{
    int t = get_global_id(0);
    float2 x = (float2)(in[0]);
    float2 f = log(exp(x));
    float2 g = convert_float2(log(exp(convert_double2(x))));
    int2 fi = as_int2(f);
    int2 gi = as_int2(g);
    a[t + ((fi.x != gi.x) ? 8 : 0)] = t;
}
