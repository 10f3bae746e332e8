// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 10
// An int3 takes 4 cells (OpenCL C 6.1.5): trio[lid] is cells 4*lid .. 4*lid+2,
// and each work-item reads lane y of its neighbour's element while the
// neighbour stores it.
__kernel void neighbours(__global int *out) {
  __local int3 trio[8];
  size_t lid = get_local_id(0);
  trio[lid] = (int3)((int)lid, 2, 3);
  out[lid] = trio[(lid + 1) % 8].y;
}
