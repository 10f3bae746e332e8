// expect: violation race
// run: check --local-size 2 --num-groups 1 --allow-benign-writes
// id: race write_write line 11
// Work-items 0 and 1 write the two halves of one int4 (v[0].xy and v[0].zw):
// a store of lanes may read and write back the whole vector, so one of the
// writes can be lost.  The values are equal, but the cells are not, so the
// benign-write tolerance does not cover it.
__kernel void k(__global int *out) {
  __local int4 v[1];
  uint l = get_local_id(0);
  if (l == 0) v[0].xy = (int2)(1, 1);
  if (l == 1) v[0].zw = (int2)(1, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = v[0].x;
}
