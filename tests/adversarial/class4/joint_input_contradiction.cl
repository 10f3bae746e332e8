// expect: violation-or-unknown
// run: check --local-size 2 --array-size in=1 --array-size out=2
// id: undefined vacuous_assumption
// truth: x = in[0] is one value for the whole launch; work-item 0 needs x <= -1 and work-item 1 needs x >= 0 for their additions to stay defined, so every input makes one of them overflow (PoCL with in = 0 wraps work-item 0's sum); the assumption that some input keeps data arithmetic defined was checked for one work-item at a time
__kernel void k(__global const int *in, __global int *out)
{
    int t = get_local_id(0);
    int x = in[0];
    int y;
    if (t == 0)
        y = (x + 1) + 2147483647;
    else
        y = x + (-2147483647 - 1);
    out[t] = y;
}
