// expect: verified
// run: check --local-size 8 --num-groups 2 --array-size out=16
// Vectors lane by lane: each work-item writes lane x of its own float4 and reads
// lane y of it back; literals, splats, swizzles on both sides, comparisons
// giving -1.  (Reading a lane of the neighbour's vector instead races:
// vec_lanes_one_location_race.cl.)
__kernel void lanes(__global int4 *out) {
  __local float4 tile[8];
  size_t lid = get_local_id(0);
  tile[lid] = 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lid].x = (float)lid;
  float y = tile[lid].y;
  int4 v = (int4)(1, (int2)(2, 3), 4);
  v.wx = v.xw;
  __assert(v.x == 4 && v.w == 1 && v.y == 2);
  int4 less = v < (int4)(3);
  __assert(less.x == 0 && less.y == -1 && less.z == 0 && less.w == -1);
  int4 s = 5;
  s += v.s3210;
  __assert(s.x == 6 && s.w == 9);
  out[get_global_id(0)] = select(v, s, less) + (int4)((int)y != 0);
}
