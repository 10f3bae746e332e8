// expect: violation divergence
// run: check --local-size 64
// id: divergence not_all_threads line 10
// The upper half returns before the barrier the lower half waits at.
__kernel void halves(__global int *data) {
  __local int tmp[64];
  size_t t = get_local_id(0);
  if (t >= 32) return;
  tmp[t] = data[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[t] = tmp[31 - t];
}
