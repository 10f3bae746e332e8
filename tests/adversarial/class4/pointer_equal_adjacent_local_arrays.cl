// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: execution unsupported_construct line 10
// truth: PoCL places b right after a, so a + 64 == b holds and every work-item writes out[0]
__kernel void k(__global int *out) {
  __local int a[64];
  __local int b[64];
  int t = get_local_id(0);
  a[t] = t; b[t] = t;
  if (a + 64 == b || b + 64 == a) out[0] = t;
  else out[t] = t;
}
