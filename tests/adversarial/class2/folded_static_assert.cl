// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: `_Static_assert(((TYPE)1.5) == 1, ...)` passes for the proof's int and the interval test's unsigned words but the kernel does not compile for a floating TYPE (PoCL, float max: 'static_assert expression is not an integral constant expression'), so it is no prefix sum for every associative operator. Verified before the fix.
_Static_assert(((TYPE)1.5) == 1, "TYPE must be an integer type");

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
