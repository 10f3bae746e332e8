// expect: verified
// run: check --local-size 256 --num-groups 1 --array-size out=256 --array-size low=256
// convert_uchar_sat keeps 0..255, so every work-item writes its own cell; a
// plain convert_char_rtz of 200 wraps as a cast does, and convert_short_sat of a
// vector saturates lane by lane.
__kernel void saturating(__global int *out, __global int *low)
{
    int i = (int)get_local_id(0);
    out[convert_uchar_sat_rte(i)] = i;
    short2 s = convert_short2_sat((int2)(i - 40000, i + 40000));
    low[i] = convert_char_rtz(200) + s.x + s.y;
    if (s.x != -32768 || s.y != 32767 || convert_char_rtz(200) != -56)
        out[i + 256] = 0;
}
