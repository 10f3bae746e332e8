// expect: verified
// run: check --local-size 64 --num-groups 1 --array-size out=64
// Every work-item returns before the store to a[0] (t < 64 always), so nothing races on it.
void f(__local int *a, int t) {
  a[t] = t;
  if (t < 64) return;
  a[0] = 5;
}
__kernel void k(__global int *out) {
  __local int a[64];
  int t = get_local_id(0);
  f(a, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = a[63 - t];
}
