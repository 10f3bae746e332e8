// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: race approximation line 12
// The store index comes from local memory that threads wrote: its value is
// over-approximated, so a possible conflict is reported as unknown, never as
// a race (it may be spurious) and never as verified.
__kernel void permute(__global const int *perm, __global int *out) {
  __local int tmp[64];
  size_t t = get_local_id(0);
  tmp[t] = perm[t] & 63;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[tmp[t]] = (int)t;
}
