// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: p = &v[lid] and p[1].x is lane x of v[lid + 1], which work-item lid + 1 writes through its own
//        p[0] without a barrier between: a data race through the address of an element.
__kernel void cells(__global int *out) {
  __local int4 v[4];
  uint lid = get_local_id(0);
  __local int4 *p = &v[lid];
  p[0] = (int4)(1);
  if (lid < 3)
    p[1].x = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = v[lid].y;
}
