// expect: violation
// run: check --local-size 64
// id: race write_write line 16
// truth: C's % truncates toward zero, so STRIDE % 4 is -3 and IDX is 0: every work-item writes buf[0], a write-write race between work-items 0 and 1 of group 0 (cpp -P and PoCL take this branch); pcpp's Python % gave 1 and the old preprocessing proved the buf[t] copy
#define STRIDE (-7)
#if STRIDE % 4 == -3
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
