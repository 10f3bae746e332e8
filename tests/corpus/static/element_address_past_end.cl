// expect: violation
// run: check --local-size 16
// id: bounds pointer_out_of_range line 9
// &buf[2 * lid + 3] is buf + 33 for work-item 15, past buf's one-past-the-end
// address: forming it is undefined (C11 6.5.6p8) even before any access.
__kernel void pairs(__global int *out) {
  __local int buf[32];
  uint lid = get_local_id(0);
  __local int *pair = &buf[2 * lid + 3];
  pair[-3] = (int)lid;
  pair[-2] = -(int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[31 - lid];
}
