// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size out=16
// id: bounds approximation line 10
// truth: i = i - 1u counts n, n-1, ..., 1, so for n >= 2 every iteration after the first writes out[t + 100], past the end of out; the step -1u is 2^32 - 1 in uint, and widening it as a positive step made every iteration after the first drop out of the model
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    for (int i = n; i > 0; i = i - 1u) {
        if (i < n)
            out[t + 100] = 1;
    }
    out[t] = 0;
}
