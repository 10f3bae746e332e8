// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: the __constant table's initialiser `{ ((TYPE)-1) > 0, 0 }` is folded by the compiler; unsigned_type[0] is 1 only for unsigned TYPEs (unknown before the fix only because program-scope variables are unsupported). PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
__constant uint unsigned_type[2] = { ((TYPE)-1) > 0, 0 };

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        if (unsigned_type[0])
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
