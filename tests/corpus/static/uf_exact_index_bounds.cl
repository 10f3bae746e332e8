// expect: violation bounds
// run: check --local-size 8 --num-groups 1 --array-size out=8
// id: bounds index_out_of_range line 9
// add_sat saturates at INT_MAX instead of wrapping, so the index is far past
// the end of out (a wrapping add would have brought it back to l - 1).
__kernel void saturating(__global int *out) {
  int l = (int)get_local_id(0);
  int i = add_sat(l, 0x7fffffff) + l;
  out[i & 0x7fffffff] = 1;
}
