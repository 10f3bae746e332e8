// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: the arms of k ? -1 : 0u meet in uint, so the value is 0xFFFFFFFF and (... > 0) holds: every
//        work-item writes buf[0], a data race. PoCL: (3 ? -1 : 0u) > 0 gives 1.
__kernel void slots(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  uint k = 3;
  buf[((k ? -1 : 0u) > 0) ? 0 : lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
