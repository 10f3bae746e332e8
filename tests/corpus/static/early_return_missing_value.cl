// expect: violation undefined
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined undefined_operation line 10
// g falls off its end without a value for t <= 100, and the caller uses that value.
int g(int t) {
  if (t > 100) return 1;
}
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[t] = g(t);
}
