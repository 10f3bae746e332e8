// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: an implementation may define the unprefixed qualifiers as macros (#define global __global, OpenCL C 6.5); with one, IDX is 0 and work-items 0 and 1 race on buf[0]; the old preprocessing proved the copy
#ifdef global
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
