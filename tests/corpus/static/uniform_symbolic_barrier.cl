// expect: violation race
// run: check --local-size 32
// id: race read_write line 9
// The barrier's condition is uniform but only known at run time: it is
// counted symbolically, and with rounds <= 0 the exchange races.
__kernel void maybe_sync(__global int *out, int rounds) {
  __local int tmp[32];
  size_t t = get_local_id(0);
  tmp[t] = (int)t;
  if (rounds > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[t] = tmp[31 - t];
}
