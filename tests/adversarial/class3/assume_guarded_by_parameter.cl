// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: assumption vacuous_assumption
// truth: the assumption only binds when n > 0, where it leaves work-item 3 out: every work-item satisfies the facts for some input (n <= 0), yet with n = 1 work-items 3 and 4 both write out[0], a race the proof never sees because it assumed t != 3
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    if (n > 0) {
        __assume(t != 3);
        if (t == 3 || t == 4)
            out[0] = t;
    }
}
