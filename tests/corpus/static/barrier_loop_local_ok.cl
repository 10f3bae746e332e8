// expect: verified
// run: check --local-size 64
// A loop with barriers (unrolled) declares `v` in its body and assigns it from local
// memory before every use.
__kernel void tree(__global uint *out) {
  __local uint buf[64];
  int t = get_local_id(0);
  buf[t] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 1; s < 64; s *= 2) {
    uint v;
    v = t >= s ? buf[t - s] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[t] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = buf[t];
}
