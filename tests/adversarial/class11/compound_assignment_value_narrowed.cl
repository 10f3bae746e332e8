// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: the value of c += 1 is c's new value, a uchar: 255 + 1 stores 0 and the expression is 0, not 256,
//        so every work-item writes buf[0], a data race. PoCL: int r = (c += 1) with c = 255 gives r = 0.
__kernel void slots(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  uchar c = 255;
  buf[(c += 1) == 0 ? 0 : lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
