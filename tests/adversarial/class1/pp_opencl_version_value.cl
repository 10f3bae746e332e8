// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: every OpenCL C compiler defines __OPENCL_VERSION__ (PoCL: 120 or above), so IDX is 0 and work-items 0 and 1 race on buf[0]; the kernel never defines it, and the old preprocessing read it as 0 and proved the copy
#if __OPENCL_VERSION__ >= 100
#define IDX 0
#else
#define IDX t
#endif

__kernel void k(__global int *out)
{
    __local int buf[64];
    int t = get_local_id(0);
    buf[IDX] = t;
    out[get_global_id(0)] = 0;
}
