// expect: violation race
// run: check --local-size 16 --num-groups 2
// id: race read_write line 9
// The tile is read before the copy filling it has been waited for: the copy's
// writes (by whichever work-items do them) race with the reads.
#define TILE 16
__kernel void too_early(__global const int *src, __global int *dst) {
  __local int tile[TILE];
  event_t e = async_work_group_copy(tile, src + get_group_id(0) * TILE, TILE, 0);
  dst[get_global_id(0)] = tile[(get_local_id(0) + 1) % TILE];
  wait_group_events(1, &e);
}
