// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: INT_MAX comes from the OpenCL C headers (PoCL defines it as 2147483647): IDX is 0 and work-items 0 and 1 race on buf[0]; the old preprocessing, which knows no header macros, proved the copy
#if defined(INT_MAX) && INT_MAX == 2147483647
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
