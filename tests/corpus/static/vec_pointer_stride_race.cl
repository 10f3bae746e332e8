// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 9
// q = p + 1 moves by one float4 (4 floats): q[lid].x is p[lid + 1].x, which
// work-item lid + 1 reads in the same interval.
__kernel void stride(__global float4 *p, __global float *out) {
  size_t lid = get_local_id(0);
  __global float4 *q = p + 1;
  q[lid].x = 1.0f;
  out[lid] = p[lid].x;
}
