// expect: violation divergence
// run: check --local-size 8 --num-groups 1
// id: divergence arguments_differ line 8
// Every work-item of a group must call async_work_group_copy with the same
// arguments; here the source depends on the work-item.
__kernel void own_source(__global const int *src, __global int *out) {
  __local int tile[8];
  event_t e = async_work_group_copy(tile, src + get_local_id(0), 8, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = tile[get_local_id(0)];
}
