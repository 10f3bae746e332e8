// expect: violation
// run: check --local-size 4 --array-size out=8
// id: bounds index_out_of_range line 11
// truth: native_sqrt has no double overload: the device converts the argument to float and returns a 4-byte float, so work-item 0 stores out[8], past the end of out; a prelude that declared native_sqrt(double) gave the result 8 bytes, took the branch for dead and left that store unchecked
__kernel void k(__global float *out)
{
    uint tid = get_local_id(0);
    double x = 2.0;
    out[tid] = 1.0f;
    if (sizeof(native_sqrt(x)) == 4 && tid == 0)
        out[8] = 2.0f;
}
