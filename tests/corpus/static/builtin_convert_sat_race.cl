// expect: violation race
// run: check --local-size 512 --num-groups 1 --array-size out=512
// id: race write_write line 8
// convert_uchar_sat saturates: work-items 255 to 511 all write out[255].
__kernel void saturating(__global int *out)
{
    int i = (int)get_local_id(0);
    out[convert_uchar_sat(i)] = i;
}
