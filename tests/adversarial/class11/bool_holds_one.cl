// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: a bool stores 2 as 1 (C99 6.3.1.2), so b + b is 2 and every work-item writes buf[0], a data race.
//        PoCL: bool b = 2; b + b gives 2.
__kernel void slots(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  bool b = 2;
  buf[(b + b == 2) ? 0 : lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
