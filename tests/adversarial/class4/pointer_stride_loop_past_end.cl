// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: bounds approximation line 11
// truth: the pointer loop steps p by 4 until it reaches `end`; for work-item t > 0 the
//        last step forms buf + 4 + t, past one-past-the-end of buf[4]: undefined (C11
//        6.5.6p8) although that pointer is only compared, never dereferenced (thread 1).
__kernel void strided(__global int *out) {
  __local int buf[4];
  __local int *end = buf + 4;
  int t = get_local_id(0);
  for (__local int *p = buf + t; p < end; p += 4)
    *p = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[3 - t];
}
