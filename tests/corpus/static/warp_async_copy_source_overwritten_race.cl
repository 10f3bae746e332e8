// expect: violation race
// run: check --local-size 32 --num-groups 1 --array-size g=32 --warp-sync=32
// id: race read_write line 10
// A copy out of local memory still reads l while the warp overwrites it
// before the wait, lock-step or not.
kernel void k(global int *g) {
  local int l[32];
  l[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(g, l, 32, 0);
  l[get_local_id(0)] = 2;
  wait_group_events(1, &e);
}
