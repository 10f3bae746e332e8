// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: the value of '\377' in #if depends on whether char is signed (C99 6.10.1p4): PoCL reads -1 and takes the #if (IDX 0, a race on buf[0] between work-items 0 and 1), a compiler with unsigned char takes the copy
#if '\377' < 0
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
