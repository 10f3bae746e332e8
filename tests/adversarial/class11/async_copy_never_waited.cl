// expect: violation
// run: check --local-size 4
// id: race read_write line 9
// truth: the copy into buf is complete only after wait_group_events on its event (OpenCL C 1.2 6.12.10); a
//        barrier is no wait, so the reads of buf race with the group's copy.
__kernel void staged(__global const int *in, __global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  event_t copied = async_work_group_copy(buf, in, 4, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
