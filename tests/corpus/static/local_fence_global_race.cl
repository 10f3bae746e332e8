// expect: violation race
// run: check --local-size 64 --array-size buf=65
// id: race read_write line 10
// A local-memory fence does not order global memory (GPUVerify's rule):
// the neighbour's write to buf is not separated from this read.
__kernel void neighbour(__global int *buf) {
  size_t t = get_local_id(0);
  buf[t] = (int)t;
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[64] = buf[t + 1];
}
