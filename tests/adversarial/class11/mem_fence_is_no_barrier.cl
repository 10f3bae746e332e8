// expect: violation
// run: check --local-size 4
// id: race read_write line 9
// truth: mem_fence orders one work-item's own loads and stores and waits for nobody (OpenCL C 1.2 6.12.9),
//        so the neighbour's read of buf[(lid + 1) % 4] races with its write.
__kernel void neighbour(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[lid] = (int)lid;
  mem_fence(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[(lid + 1) % 4];
}
