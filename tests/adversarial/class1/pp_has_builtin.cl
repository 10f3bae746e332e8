// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: __has_builtin is clang's: PoCL evaluates __has_builtin(__builtin_expect) to 1, making IDX 0, a race on buf[0] between work-items 0 and 1; C has no such operator, so no single preprocessing tells the branch
#if __has_builtin(__builtin_expect)
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
