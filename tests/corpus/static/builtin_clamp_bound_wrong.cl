// expect: violation bounds
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: bounds index_out_of_range line 8
// clamp's upper bound is one past the array: the last work-item writes out[64].
__kernel void clamped(__global int *out)
{
    int i = (int)get_local_id(0);
    out[clamp(i + 1, 0, 64)] = i;
}
