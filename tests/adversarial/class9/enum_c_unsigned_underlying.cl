// expect: violation-or-unknown
// run: check --local-size 64
// id: race write_write line 12
// truth: in C an enumeration with no negative enumerator is unsigned int for clang and GCC (every OpenCL device compiler's front end), so e = (enum Step)(t - 1) is 4294967295 for thread 0, e > 100 holds, and thread 0 writes s[5] as thread 5 does (a write-write race); modelled as a signed int, e is -1 and thread 0 writes s[0]
enum Step { FIRST, SECOND };

__kernel void k(__global int *out)
{
    __local int s[64];
    int t = (int)get_local_id(0);
    enum Step e = (enum Step)(t - 1);
    s[e > 100 ? 5 : t] = t;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t] = s[t];
}
