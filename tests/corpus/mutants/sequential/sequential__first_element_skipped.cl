// veriscan: inclusive threads=1 expect=interval-fails
// mutation: loop starts at k = 1: element 0 never added, out[0] never written
// mutant of src/veriscan/kernels/scan/sequential.cl
/* Sequential inclusive scan: one work-item folds the input left to right.
 * The reference point of POPL'14 Table 2 (depth n-1, size n-1). */
__kernel void sequential_scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 1; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
