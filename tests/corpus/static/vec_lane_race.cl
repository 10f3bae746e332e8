// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 9
// Writes to lane .xy of tile[lid] and reads of lane .yz of tile[lid + 1] overlap
// in lane y, in one barrier interval: a race through one lane of a vector.
__kernel void overlap(__global float *out) {
  __local float4 tile[9];
  size_t lid = get_local_id(0);
  tile[lid].xy = (float2)(1.0f, 2.0f);
  float2 next = tile[lid + 1].yz;
  out[lid] = next.x;
}
