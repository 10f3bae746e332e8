// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: extension macros (cl_<vendor>_<name>) are defined by the compilers that support the extension (OpenCL C 9.1): an AMD compiler with cl_amd_media_ops2 makes IDX 0, a race between work-items 0 and 1 on buf[0]; the old preprocessing proved the copy
#ifdef cl_amd_media_ops2
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
