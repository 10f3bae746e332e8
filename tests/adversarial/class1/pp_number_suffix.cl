// expect: violation
// run: check --local-size 64
// id: race write_write line 11
// truth: 0ULL is one preprocessing number (C99 6.4.8), so the macro L never applies and every work-item writes buf[0 * t + 0] = buf[0], a race between work-items 0 and 1 of group 0 (PoCL); pcpp lexed 0UL and an identifier L, replaced L by + t, and proved buf[t] race-free
#define L + t

__kernel void k(__global int *out)
{
    __local int buf[64];
    int t = get_local_id(0);
    buf[0 * t + 0ULL] = t;
    out[get_global_id(0)] = 0;
}
