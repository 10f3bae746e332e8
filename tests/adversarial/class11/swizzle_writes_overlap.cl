// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: v[0].xy = ... by work-item 0 and v[0].yz = ... by work-item 1 both write lane y of v[0], a data
//        race between two swizzled stores.
__kernel void lanes(__global int *out) {
  __local int4 v[1];
  uint lid = get_local_id(0);
  if (lid == 0)
    v[0].xy = (int2)(1, 2);
  if (lid == 1)
    v[0].yz = (int2)(3, 4);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = v[0].x;
}
