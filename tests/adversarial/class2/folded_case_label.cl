// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 12
// truth: `case ((TYPE)-1) > 0:` is a compile-time label: with mode = 1 the combining case runs only for unsigned TYPEs (unknown before the fix only because switch is unsupported). PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        uint mode = 1;
        switch (mode) {
        case ((TYPE)-1) > 0:
            acc = OPERATOR(acc, in[k]);
            break;
        default:
            acc = in[k];
            break;
        }
        out[k] = acc;
    }
}
