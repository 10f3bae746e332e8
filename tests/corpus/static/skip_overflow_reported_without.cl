// expect: unknown
// run: check --local_size=4 --num_groups=1
// id: undefined approximation line 11
// Without --skip-overflow-check the possible overflow of a sum of stored
// values is reported (unknown: the values are over-approximated).
__kernel void k(__global int *A) {
  int t = get_local_id(0);
  A[t] = t;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (t > 0) A[t] = A[t] + 7;
  A[t] = A[t] + A[t];
}
