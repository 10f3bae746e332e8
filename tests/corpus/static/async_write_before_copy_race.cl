// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 10
// Work-item 0 writes the source just before the group starts copying it, with
// no barrier between: the copy (by whichever work-items) may read the cell
// before or after the write.
__kernel void unordered_source(__global int *src, __global int *out) {
  __local int tile[8];
  if (get_local_id(0) == 0) {
    src[5] = 42;
  }
  event_t e = async_work_group_copy(tile, src, 8, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = tile[get_local_id(0)];
}
