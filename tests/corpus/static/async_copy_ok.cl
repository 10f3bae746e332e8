// expect: verified
// run: check --local-size 16 --num-groups 4
// A tile is copied into local memory, waited for, and only then (after a
// barrier) read by every work-item; the result goes back with a second copy
// after a barrier that also orders the first copy's global reads.
#define TILE 16
__kernel void scale(__global float *data) {
  __local float tile[TILE];
  size_t base = get_group_id(0) * TILE;
  event_t in = async_work_group_copy(tile, data + base, TILE, 0);
  wait_group_events(1, &in);
  barrier(CLK_LOCAL_MEM_FENCE);
  float v = tile[get_local_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[get_local_id(0)] = 2.0f * v;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  event_t out = async_work_group_copy(data + base, tile, TILE, 0);
  wait_group_events(1, &out);
}
