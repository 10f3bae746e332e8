// expect: violation bounds
// run: check --local-size 17 --num-groups 1
// id: bounds index_out_of_range line 11
// vload4(lid, tile) reads tile[4*lid .. 4*lid + 3]: work-item 16 reads past the
// 64 floats of the tile.
__kernel void packed(__global float4 *out) {
  __local float tile[64];
  size_t lid = get_local_id(0);
  tile[lid] = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = vload4(lid, tile);
}
