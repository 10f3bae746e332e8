// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size out=16
// id: bounds approximation line 10
// truth: i += 0xFFFFFFFFu on an int counter is i - 1 modulo 2^32, so from n = 2 every iteration after the first writes out[t + 100], past the end of out; an unsigned step that only wraps to a negative one must not be taken as a huge positive step that drops those iterations
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    for (int i = n; i > 0; i += 0xFFFFFFFFu) {
        if (i < n)
            out[t + 100] = 1;
    }
    out[t] = 0;
}
