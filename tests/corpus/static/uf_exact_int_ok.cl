// expect: verified
// run: check --local-size 16 --num-groups 2 --array-size out=64
// Integer built-ins computed exactly: every work-item's indices are distinct
// and inside out, which needs their values, not merely "some int".
__kernel void spread(__global int *out) {
  int l = (int)get_local_id(0);
  int g = (int)get_group_id(0);
  int row = mul24(g, 16) + hadd(l, l + 1);  /* g*16 + l */
  out[row] = add_sat(l, 0x7fffffff);                 /* saturates, no overflow */
  out[32 + rotate(row, 0)] = sub_sat(l, 5) + abs_diff(l, 3) + mul_hi(l, 1 << 30);
}
