// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 10
// truth: __builtin_choose_expr picks its arm at compile time from ((TYPE)-1) > 0: OPERATOR for unsigned TYPEs, a copy otherwise (unknown before the fix only because the front end cannot see into it). PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = __builtin_choose_expr(((TYPE)-1) > 0, OPERATOR(acc, in[k]), in[k]);
        out[k] = acc;
    }
}
