// expect: violation
// run: check --local-size 64
// id: race write_write line 15
// truth: intmax_t division is exact: 0x7FFFFFFFFFFFFFFF / 10 is 922337203685477580, so IDX is 0 and work-items 0 and 1 of group 0 both write buf[0] (cpp -P, PoCL); pcpp divided through a float (922337203685477632) and proved the race-free copy
#if 0x7FFFFFFFFFFFFFFF / 10 == 922337203685477580
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
