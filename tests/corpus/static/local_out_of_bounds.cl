// expect: violation bounds
// run: check --local-size 64
// id: bounds index_out_of_range line 10
// The last work-item reads one past the end of the tile.
__kernel void shift(__global const int *in, __global int *out) {
  __local int tile[64];
  size_t t = get_local_id(0);
  tile[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = tile[t + 1];
}
