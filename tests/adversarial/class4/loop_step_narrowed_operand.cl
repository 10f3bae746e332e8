// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size out=16
// id: race approximation line 10
// truth: i = (uchar)i + 200u gives 0, 200, 400, 344, 288, ...: the counter's own value is narrowed before the addition, so with n = 445 the fourth iteration has i == 344 and writes out[100], past the end of out
__kernel void k(__global int *out, uint n)
{
    uint t = get_local_id(0);
    for (uint i = 0; i < n; i = (uchar)i + 200u) {
        if (i == 344u && n < 1000u)
            out[100] = 1;
    }
    out[t] = 0;
}
