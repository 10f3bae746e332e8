// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race write_write line 8
// Two work-items store the whole vector p[lid / 2]: a write-write race on its
// lanes (the values differ in lane 0).
__kernel void halves(__global float4 *p) {
  size_t lid = get_local_id(0);
  p[lid / 2] = (float4)((float)lid, 1.0f, 2.0f, 3.0f);
}
