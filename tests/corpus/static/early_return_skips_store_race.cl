// expect: violation race
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: race write_write
// Work-items 32..63 do not return early, and all of them store to a[0].
void f(__local int *a, int t) {
  a[t] = t;
  if (t < 32) return;
  a[0] = 5;
}
__kernel void k(__global int *out) {
  __local int a[64];
  int t = get_local_id(0);
  f(a, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = a[63 - t];
}
