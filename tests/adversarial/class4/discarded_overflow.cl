// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined signed_overflow line 9
// truth: `big + t, 3` evaluates big + t and drops the value; for every work-item t >= 1 that addition overflows int, which is undefined behaviour in C and OpenCL C even though its result is unused (the old lowering discarded pure values, so the check said verified); witness: work-item 1, INT_MAX + 1
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    int big = 2147483647;
    int x = (big + t, 3);
    (void)(big * t);
    out[t] = x;
}
