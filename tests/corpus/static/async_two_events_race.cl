// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 11
// Two copies, a wait for the first event only: the second copy may still run
// after the barrier, where its destination is read.
__kernel void half_waited(__global const int *a, __global const int *b, __global int *out) {
  __local int x[8];
  __local int y[8];
  event_t ev[2];
  ev[0] = async_work_group_copy(x, a, 8, 0);
  ev[1] = async_work_group_copy(y, b, 8, 0);
  wait_group_events(1, ev);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = x[get_local_id(0)] + y[7 - get_local_id(0)];
}
