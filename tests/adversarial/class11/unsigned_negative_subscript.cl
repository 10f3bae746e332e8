// expect: violation
// run: check --local-size 4
// id: bounds index_out_of_range line 12
// truth: -1 - lid * 0u is computed in uint, 4294967295, so p[...] is p + 4294967295 on a 64-bit device,
//        far past buf's end (not p - 1, which would be in bounds): an out-of-bounds read.
__kernel void tail(__global int *out) {
  __local int buf[8];
  uint lid = get_local_id(0);
  __local int *p = buf + 8;
  buf[lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = p[-1 - lid * 0u];
}
