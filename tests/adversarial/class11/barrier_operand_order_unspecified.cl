// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 17
// truth: C leaves the order of the operands of + unspecified: the compiler may store buf[(lid + 1) % 4] = 2
//        before the barrier in sync_one(), where it races with the neighbour's buf[lid] = 1, or after it,
//        where it races with nothing; the source does not decide, so neither verdict is sound.
int sync_one(void)
{
  barrier(CLK_LOCAL_MEM_FENCE);
  return 1;
}

__kernel void ordered(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[lid] = 1;
  int r = sync_one() + (buf[(lid + 1) % 4] = 2);
  out[lid] = r;
}
