// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race write_write line 7
// abs_diff(l, 4) is 1 for both l = 3 and l = 5: their stores collide.
__kernel void fold(__global int *out) {
  int l = (int)get_local_id(0);
  out[abs_diff(l, 4)] = l;
}
