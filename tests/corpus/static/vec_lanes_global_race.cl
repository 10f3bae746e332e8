// expect: violation race
// run: check --local-size 2 --num-groups 1
// id: race write_write line 7
// The same in global memory: two work-items store different lanes of v[0].
__kernel void k(__global int4 *v) {
  uint l = get_global_id(0);
  if (l == 0) v[0].x = 1;
  if (l == 1) v[0].y = 2;
}
