// expect: unknown
// run: check --local-size 64
// id: undefined approximation line 16
// Signed arithmetic on values the kernel itself stored in local memory: the
// analysis does not follow stored values, so it cannot rule out an overflow here
// (none happens: the sums stay below 2016), and says so instead of assuming the
// arithmetic defined.
__kernel void tree(__global int *out) {
  __local int buf[64];
  int t = get_local_id(0);
  buf[t] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 1; s < 64; s *= 2) {
    int v = t >= s ? buf[t - s] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[t] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = buf[t];
}
