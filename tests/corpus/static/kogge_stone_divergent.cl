// expect: violation divergence
// run: check --n 2,64,2147483648
// veriscan: inclusive threads=n
// id: divergence not_all_threads line 16
// The second barrier moved under the thread-dependent branch: threads below
// offset never reach it.
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
  __local TYPE buf[N];
  const uint t = get_local_id(0);
  buf[t] = in[t];
  for (uint offset = 1; offset < N; offset *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    TYPE x = buf[t];
    if (t >= offset) {
      x = OPERATOR(buf[t - offset], x);
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    buf[t] = x;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[t];
}
