// expect: violation divergence
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: divergence not_all_threads line 7
// Work-item 3 returns from f before its barrier, which the others reach.
void f(__local int *a, int t) {
  if (t == 3) return;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[t] = 1;
}
__kernel void k(__global int *out) {
  __local int a[64];
  int t = get_local_id(0);
  f(a, t);
  out[t] = t;
}
