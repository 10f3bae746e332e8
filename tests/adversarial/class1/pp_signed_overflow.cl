// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: 0x7FFFFFFFFFFFFFFF + 1 overflows intmax_t (undefined behaviour): gcc and clang in C++ wrap it and take the #if, PoCL (clang, OpenCL C) takes the #else, where every work-item writes buf[0], a race between work-items 0 and 1; the old preprocessing wrapped and proved the copy (verified)
#if !(0x7FFFFFFFFFFFFFFF + 1 < 0)
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
