// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 7
// truth: 'defined' produced by a macro expansion is undefined behaviour (C99 6.10.1p4): gcc and clang (PoCL) do not expand its operand, so defined(FEATURE) is 1 and IDX is 0, a race on buf[0] between work-items 0 and 1; pcpp expanded FEATURE to FAST first, took 0, and proved the copy
#define FEATURE FAST
#define ENABLED defined(FEATURE)
#if ENABLED
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
