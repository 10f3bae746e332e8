// expect: violation not-generic
// run: check --n 8
// veriscan: inclusive threads=n
// id: genericity type_inspected line 14
// Skips the combination when the left value looks like zero: this inspects
// TYPE, so one monoid's test says nothing about the others.
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
  __local TYPE buf[N];
  const uint t = get_local_id(0);
  buf[t] = in[t];
  for (uint offset = 1; offset < N; offset *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    TYPE x = buf[t];
    if (t >= offset && buf[t - offset] != IDENTITY) {
      x = OPERATOR(buf[t - offset], x);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[t] = x;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[t];
}
