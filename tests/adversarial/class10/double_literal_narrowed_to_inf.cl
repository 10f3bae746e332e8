// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=8
// id: bounds approximation line 13
// truth: the double literal 1e300 narrowed to a float is +inf (FLT_MAX is about 3.4e38), so isinf((double)(float)big) is 1 and isinf(big) is 0 (PoCL); both are isinf(double), so only a model that takes float<->double conversions for the identity sees them equal; every work-item writes a[t + 8], past the end of a
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *a)
{
    int t = get_global_id(0);
    double big = 1e300;
    double narrowed = (double)(float)big;
    int x = isinf(narrowed);
    int y = isinf(big);
    a[t + 8 * ((x ^ y) & 1)] = t;
}
