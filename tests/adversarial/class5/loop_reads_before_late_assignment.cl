// expect: violation-or-unknown
// run: check --n 64,128
// run: check --n all
// veriscan: inclusive threads=n
// id: undefined approximation line 13
// truth: for n >= 64 the counting loop reads `late` at i == 40, one iteration before anything assigns it (C11 6.3.2.1p2: undefined). Unrolled (n = 4) the read is never reached; beyond the unrolled iterations the loop is run as one symbolic iteration k, in which `late` must still count as unassigned.
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
  __local TYPE buf[N];
  const uint t = get_local_id(0);
  uint late;
  uint seen = 0;
  for (uint i = 0; i < N; i++) {
    if (i == 40) seen = late;
    if (i == 41) late = 7;
  }
  buf[t] = in[t];
  for (uint offset = 1; offset < N; offset *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    TYPE x = buf[t];
    if (t >= offset)
      x = OPERATOR(buf[t - offset], x);
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[t] = x;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[t];
}
