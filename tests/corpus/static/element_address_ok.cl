// expect: verified
// run: check --local-size 16
// &buf[2 * lid] of a one-dimensional array is a pointer into buf, bounded by buf as
// a whole: each work-item fills its own pair through it and, after the barrier,
// bumps a counter through &count[0] with an atomic.  (Only the address of an
// element of a row or of a struct's array field stays unsupported.)
__kernel void pairs(__global int *out) {
  __local int buf[32];
  __local int count[1];
  uint lid = get_local_id(0);
  __local int *pair = &buf[2 * lid];
  pair[0] = (int)lid;
  pair[1] = -(int)lid;
  if (lid == 0)
    count[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count[0]);
  out[lid] = buf[31 - lid];
}
