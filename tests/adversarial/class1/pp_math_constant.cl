// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: M_PI_F is an OpenCL C header macro (spec 6.12.2), defined by PoCL: IDX is 0 and work-items 0 and 1 race on buf[0]; the kernel does not define it and the old preprocessing proved the copy
#ifdef M_PI_F
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
