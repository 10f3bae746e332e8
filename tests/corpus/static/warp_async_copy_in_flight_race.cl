// expect: violation race
// run: check --local-size 32 --num-groups 1 --array-size g=32 --array-size out=32 --warp-sync=32
// id: race read_write line 11
// The whole group is one warp in lock-step, but the async copy runs until its
// wait: reading l before wait_group_events races with the copy's writes,
// which lock-step does not order.
kernel void k(global int *g, global int *out) {
  local int l[32];
  l[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(l, g, 32, 0);
  out[get_local_id(0)] = l[get_local_id(0)];
  wait_group_events(1, &e);
}
