// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: vstore2(v, 0, buf + 1) by work-item 0 writes buf[1] and buf[2]; work-item 2 writes buf[2]
//        unsynchronised: a data race between a vector store and a scalar one.
__kernel void lanes(__global int *out) {
  __local int buf[8];
  uint lid = get_local_id(0);
  if (lid < 2)
    vstore2((int2)(1), lid, buf + 1);
  if (lid == 2)
    buf[2] = 5;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
