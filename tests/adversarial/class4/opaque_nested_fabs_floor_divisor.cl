// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size in=4 --array-size out=4
// id: undefined vacuous_assumption
// truth: fabs(floor(-3.0f)) is exactly 3.0f everywhere (both are exact operations), so the divisor is in[t] + 3 - 3 - in[t] = 0 for every input; the opaque value sits inside another opaque operation, and both must stay unknown to the solver, not chosen by it
__kernel void k(__global const int *in, __global int *out)
{
    int t = get_local_id(0);
    int three = (int)fabs(floor(-3.0f));
    out[t] = 7 % (in[t] + three - 3 - in[t]);
}
