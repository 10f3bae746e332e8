// expect: violation
// run: check --local-size 4
// id: divergence arguments_differ line 12
// truth: every work-item of the group must call async_work_group_copy with the same arguments (OpenCL C 1.2
//        6.12.10); here the count is 1 for even and 2 for odd work-items, which is undefined.
__kernel void staged(__global const int *in, __global int *out) {
  __local int buf[8];
  uint lid = get_local_id(0);
  buf[lid] = 0;
  buf[lid + 4] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t copied = async_work_group_copy(buf, in, 1 + (lid & 1), 0);
  wait_group_events(1, &copied);
  out[lid] = buf[lid];
}
