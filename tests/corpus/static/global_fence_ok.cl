// expect: verified
// run: check --local-size 64 --array-size buf=128
// With a global fence the same exchange is ordered.
__kernel void neighbour(__global int *buf) {
  size_t t = get_local_id(0);
  buf[t] = (int)t;
  barrier(CLK_GLOBAL_MEM_FENCE);
  buf[64 + t] = buf[(t + 1) % 64];
}
