// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size out=16
// id: bounds approximation line 10
// truth: the everyday unsigned down-count: i = n, n-1, ..., 1, and every iteration after the first writes out[t + 100], past the end of out; a uint step negated in uint is no negative step
__kernel void k(__global int *out, uint n)
{
    uint t = get_local_id(0);
    for (uint i = n; i > (uint)0; i -= 1) {
        if (i < n)
            out[t + 100] = 1;
    }
    out[t] = 0;
}
