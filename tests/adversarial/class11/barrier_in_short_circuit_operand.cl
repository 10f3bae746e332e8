// expect: violation
// run: check --local-size 4
// id: divergence not_all_threads line 8
// truth: && evaluates sync_one() only where lid < 2, so work-items 0 and 1 reach the barrier inside it and
//        2 and 3 never do: barrier divergence hidden in an operand that a call-per-statement view misses.
int sync_one(void)
{
  barrier(CLK_LOCAL_MEM_FENCE);
  return 1;
}

__kernel void gated(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[lid] = 1;
  int r = (lid < 2) && sync_one();
  out[lid] = buf[(lid + 1) % 4] + r;
}
