// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size out=16 --param n=1000
// id: race approximation line 10
// truth: the step's conditional expression increments i once more for odd work-items (i = 0, 3, 5, ...), so the body sees odd i and writes out[100], past the end of out; the second write to the counter hides inside ?: of the step
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    for (int i = 0; i < n; i += 2, (t & 1) ? i++ : 0) {
        if (i % 2 == 1)
            out[100] = 1;
    }
    out[t] = 0;
}
