// veriscan: inclusive threads=1
/* Sequential inclusive scan: one work-item folds the input left to right.
 * The reference point of POPL'14 Table 2 (depth n-1, size n-1). */
__kernel void sequential_scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
