// expect: unknown
// run: check --local-size 8 --num-groups 1
// id: divergence approximation line 12
// The wait happens in iteration 5 of a loop whose trip count is a kernel
// argument: for n <= 5 the copy is never waited for and the read races, for
// larger n it is safe.  Without following the loop exactly, neither is claimed.
__kernel void late_wait(__global const int *src, __global int *out, int n) {
  __local int tile[8];
  event_t e = async_work_group_copy(tile, src, 8, 0);
  for (int i = 0; i < n; i++) {
    if (i == 5) {
      wait_group_events(1, &e);
    }
    out[8 + get_local_id(0)] = i;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = tile[get_local_id(0)];
}
