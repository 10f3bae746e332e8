// expect: unknown
// run: check --local_size=64 --num_groups=1 --assume-pure-calls
// id: divergence approximation line 12
// The result is not one value for the whole group (the function may read its
// work-item's id): a barrier under a condition on it may be divergent.
int flag(void);

__kernel void k(__global int *out) {
  __local int s[64];
  s[get_local_id(0)] = 1;
  if (flag())
    barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = s[get_local_id(0)];
}
