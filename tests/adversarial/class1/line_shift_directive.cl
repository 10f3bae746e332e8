// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 15
// truth: __LINE__ is 15 here but 15 + the monoid's line count on the device: the long interval prelude pushes it past 30 and selects the scan, int add's three lines do not (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
/* The analysis sees line 15 and proves the copy below race-free; the interval
 * test runs the scan; every short monoid runs the copy. */
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] =
#if __LINE__ > 30
            acc;
#else
            in[k];
#endif
    }
}
