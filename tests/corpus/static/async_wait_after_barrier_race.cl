// expect: violation race
// run: check --local-size 16 --num-groups 2
// id: race read_write line 9
// A barrier does not complete an async copy: the copy may still be writing the
// tile after it, until the wait, so the read after the barrier races.
#define TILE 16
__kernel void barrier_only(__global const int *src, __global int *dst) {
  __local int tile[TILE];
  event_t e = async_work_group_copy(tile, src + get_group_id(0) * TILE, TILE, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  dst[get_global_id(0)] = tile[get_local_id(0)];
  wait_group_events(1, &e);
}
