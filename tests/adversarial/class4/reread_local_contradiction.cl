// expect: violation-or-unknown
// run: check --local-size 2 --array-size in=1 --array-size out=2
// id: undefined approximation line 14
// truth: s is read twice with no write in between, so a == b; (a + 1) + INT_MAX is defined only for a <= -1 and b + INT_MIN only for b >= 0, so every input overflows; the two reads were two unrelated values and each constraint alone was satisfiable
__kernel void k(__global const int *in, __global int *out)
{
    __local int s;
    int t = get_local_id(0);
    if (t == 0)
        s = in[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    int a = s;
    int b = s;
    out[t] = ((a + 1) + 2147483647) ^ (b + (-2147483647 - 1));
}
