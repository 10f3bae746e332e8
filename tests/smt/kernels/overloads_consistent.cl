/* Correct: each built-in is called twice with the same overload on the same values
 * (mad_hi on uint, exp and isinf on a float, isinf on a double, one conversion of a
 * double to a float), so the two results are equal and every offset below is 0; a
 * double literal that a float holds exactly converts to the same number both ways.
 * The barrier's condition is a function of a read-only input only, the same in every
 * work-item.  Used by tests/smt/test_overload_identity.py. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *a, __global const float *in, __global const double *din)
{
    __local int buf[8];
    int t = get_local_id(0);
    float x = in[0];
    double d = din[0];
    uint u1 = mad_hi(0xFFFFFFFFu, (uint)t | 0xFFFFFFF0u, 0u);
    uint u2 = mad_hi(0xFFFFFFFFu, (uint)t | 0xFFFFFFF0u, 0u);
    int p1 = isinf(exp(x));
    int p2 = isinf(exp(x));
    int q1 = isinf((float)d);
    float f = (float)d;
    int q2 = isinf(f);
    int r1 = isinf((double)(float)0.5);
    int r2 = isinf(0.5);
    buf[t] = t;
    if (isinf((double)x))
        barrier(CLK_LOCAL_MEM_FENCE);
    a[t + (int)(u1 - u2) + (p1 - p2) + (q1 - q2) + (r1 - r2)] = buf[t];
}
