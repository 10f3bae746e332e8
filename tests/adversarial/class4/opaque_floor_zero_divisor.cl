// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size in=4 --array-size out=4
// id: undefined vacuous_assumption
// truth: floor(2.5f) is exactly 2.0f on every conforming device, so d - in[t] is 0 and every work-item divides by zero for every input; the model does not know what floor returns, and an input that keeps the arithmetic defined has to serve whatever it returns, not the value a solver would choose
__kernel void k(__global const int *in, __global int *out)
{
    int t = get_local_id(0);
    int two = (int)floor(2.5f);
    int d = in[t] + 2 - two;
    out[t] = 100 / (d - in[t]);
}
