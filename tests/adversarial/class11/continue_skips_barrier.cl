// expect: violation
// run: check --local-size 4
// id: divergence not_all_threads line 13
// truth: in iteration i work-item i continues past the barrier that the other three wait at: barrier
//        divergence (OpenCL C 1.2 6.12.8: every work-item must reach each barrier).
__kernel void rounds(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  for (int i = 0; i < 4; i++) {
    if (i == (int)lid)
      continue;
    buf[lid] = i;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = buf[lid];
}
