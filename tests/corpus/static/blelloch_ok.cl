// expect: verified
// run: check --n 2,64,2147483648
// veriscan: exclusive threads=n/2
// Work-efficient exclusive scan: up-sweep then down-sweep over a local tree.
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
  __local TYPE tmp[N];
  uint t = get_local_id(0);
  tmp[2 * t] = in[2 * t];
  tmp[2 * t + 1] = in[2 * t + 1];
  uint offset = 1;
  for (uint d = N >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < d) {
      uint ai = offset * (2 * t + 1) - 1;
      uint bi = offset * (2 * t + 2) - 1;
      tmp[bi] = OPERATOR(tmp[ai], tmp[bi]);
    }
    offset *= 2;
  }
  if (t == 0) {
    tmp[N - 1] = IDENTITY;
  }
  for (uint d = 1; d < N; d *= 2) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < d) {
      uint ai = offset * (2 * t + 1) - 1;
      uint bi = offset * (2 * t + 2) - 1;
      TYPE s = tmp[ai];
      tmp[ai] = tmp[bi];
      tmp[bi] = OPERATOR(s, tmp[bi]);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[2 * t] = tmp[2 * t];
  out[2 * t + 1] = tmp[2 * t + 1];
}
