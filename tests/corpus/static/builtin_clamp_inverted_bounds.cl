// expect: violation undefined
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined undefined_operation line 9
// clamp with minval > maxval is undefined (OpenCL C 6.12.3, devices differ in
// which bound wins): the front end checks minval <= maxval as an obligation.
__kernel void inverted(__global int *out, int lo)
{
    int i = (int)get_local_id(0);
    out[i] = clamp(i, lo, 63);
}
