// The two writes s[t] are the same access (array, index, guard), but a barrier
// under a uniform, non-constant condition lies between them.  The read by
// thread t of s[t+1] (only when n > 4) is ordered after the first write of
// thread t+1 by that barrier, but not after the second one: a race on s[t+1]
// with the second write, for every n > 4.  Merging the two writes into one
// would keep the first's barrier count and lose the race.
__kernel void dedup_across_conditional_barrier(__global int *out, int n) {
  __local int s[64];
  int t = get_local_id(0);
  s[t] = t;
  if (n > 4) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  s[t] = t + 1;
  if (n > 4) {
    out[t] = s[(t + 1) % 64];
  }
}
