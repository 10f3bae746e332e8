// expect: unknown
// run: check --local-size 64
// id: execution unsupported_construct line 5
// truth: OpenCL C defines true as 1 (spec 6.1.1) and clang-based compilers read it so in #if (PoCL takes this branch: IDX 0, a race on buf[0] between work-items 0 and 1), while C99 reads an identifier as 0: the old preprocessing took the copy and said verified
#if true
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
