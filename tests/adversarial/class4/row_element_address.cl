// expect: unknown
// run: check --local-size 4 --array-size out=4
// id: execution unsupported_construct line 8
// truth: work-items 2 and 3 index past the 2-int row buf[0] through a pointer derived from it (C11 6.5.6: undefined, although the cells lie inside buf); the old check said verified
__kernel void rowptr3(__global int *out) {
  __local int buf[2][2];
  uint l = get_local_id(0);
  (&buf[0][0])[l] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = buf[l >> 1][l & 1u];
}
