// expect: violation race
// run: check --n 2,64,2147483648
// veriscan: inclusive threads=n
// id: race read_write
// Kogge-Stone inclusive scan, double-buffered through one local array.
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
  __local TYPE buf[N];
  const uint t = get_local_id(0);
  buf[t] = in[t];
  for (uint offset = 1; offset < N; offset *= 2) {
    TYPE x = buf[t];
    if (t >= offset) {
      x = OPERATOR(buf[t - offset], x);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[t] = x;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[t];
}
