// expect: verified
// run: check --local-size 8 --num-groups 2 --array-size m=64 --array-size out=16
// A column of a row-major matrix is gathered with a strided copy, two copies
// joined in one event, both complete after the one wait.
#define ROWS 8
#define COLS 4
__kernel void columns(__global const uint *m, __global uint *out) {
  __local uint c0[ROWS];
  __local uint c1[ROWS];
  __global const uint *mine = m + get_group_id(0) * ROWS * COLS;
  event_t e = async_work_group_strided_copy(c0, mine, ROWS, COLS, 0);
  async_work_group_strided_copy(c1, mine + 1, ROWS, COLS, e);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = c0[get_local_id(0)] - c1[get_local_id(0)];
}
