// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=16 --array-size in=1
// id: race approximation line 12
// truth: (double)(float)d is not d: with in[0] = 1e300 (any double above FLT_MAX) the float is +inf, so isinf of the round trip is 1 and isinf(d) is 0 (PoCL); both calls are isinf(double), so only a model that takes the conversions for the identity sees equal values; work-item t writes a[t + 1], which work-item t + 1 writes too: a race
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *a, __global const double *in)
{
    int t = get_global_id(0);
    double d = in[0];
    int p = isinf((double)(float)d);
    int q = isinf(d);
    a[t] = t;
    a[t + ((p ^ q) & 1)] = t;
}
