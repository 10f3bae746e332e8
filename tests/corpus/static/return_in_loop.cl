// expect: unknown
// run: check --local-size 64 --array-size out=64 --array-size keys=1000
// id: divergence approximation line 14
// A work-item whose key appears returns from inside a barrier-free loop and
// never reaches the barrier.  The loop is abstracted, so the verdict cannot
// name the keys that cause it, but it must never be verified.
__kernel void find(__global const int *keys, __global int *out) {
  __local int tmp[64];
  size_t t = get_local_id(0);
  for (int i = 0; i < 1000; i++) {
    if (keys[i] == (int)t) return;
  }
  tmp[t] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = tmp[63 - t];
}
