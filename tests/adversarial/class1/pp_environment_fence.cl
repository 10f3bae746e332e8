// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: CLK_GLOBAL_MEM_FENCE is a macro of the OpenCL C environment (PoCL defines it): IDX is 0 and work-items 0 and 1 race on buf[0]; veriscan's own preprocessing saw no definition and proved the copy
#ifdef CLK_GLOBAL_MEM_FENCE
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
