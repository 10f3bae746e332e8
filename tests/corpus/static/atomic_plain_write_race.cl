// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race atomic_plain line 8
// An atomic does race with a plain write of the same cell: work-item 0 resets
// the counter while the others increment it, with no barrier between.
__kernel void reset_while_counting(__local int *count, __global int *out) {
  if (get_local_id(0) == 0) {
    count[0] = 0;
  }
  atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = count[0];
}
