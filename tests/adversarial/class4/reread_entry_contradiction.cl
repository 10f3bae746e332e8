// expect: violation-or-unknown
// run: check --local-size 2 --array-size data=2
// id: undefined vacuous_assumption
// truth: both reads of data[0] come before any write to data, so they see the one value the host put there; (a + 1) + INT_MAX needs a <= -1 and b + INT_MIN needs b >= 0, so every input overflows in one of them
__kernel void k(__global int *data)
{
    int t = get_local_id(0);
    int a = data[0];
    int b = data[0];
    int y = ((a + 1) + 2147483647) ^ (b + (-2147483647 - 1));
    barrier(CLK_GLOBAL_MEM_FENCE);
    data[t] = y;
}
