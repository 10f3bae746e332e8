// expect: violation
// run: check --local-size 4
// id: race read_write line 10
// truth: two copies, and only the event of the first (into a) is waited on before b is read: the copy into
//        b may still be running, so the reads of b race with it; the late wait comes after the read.
__kernel void staged(__global const int *in, __global int *out) {
  __local int a[4], b[4];
  uint lid = get_local_id(0);
  event_t first = async_work_group_copy(a, in, 4, 0);
  event_t second = async_work_group_copy(b, in + 4, 4, 0);
  wait_group_events(1, &first);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = a[lid] + b[lid];
  wait_group_events(1, &second);
}
