// expect: verified
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size wide=64 --array-size sel=128
// Scalar clamp, select and upsample are computed exactly: clamp(i, 0, 63) is i,
// select(a, b, c) picks b where c is not zero, upsample(1, i) is 256 + i, and
// select on int4 picks by each lane's top bit.
__kernel void builtins(__global int *out, __global ushort *wide, __global int *sel)
{
    int i = (int)get_local_id(0);
    out[clamp(i - 0, 0, 63)] = i;
    wide[upsample((uchar)1, (uchar)i) - 256] = (ushort)i;
    int odd = i & 1;
    int2 pick = select((int2)(2 * i, 0), (int2)(2 * i + 1, 0), (int2)(-odd, 0));
    sel[(pick.x - odd) / 2] = select(i, -i, odd);
    sel[64 + i] = convert_int_rte((float)i);
}
