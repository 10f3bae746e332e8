// expect: verified
// run: check --local-size 64 --num-groups 1 --array-size out=64
// A helper returns from inside a loop and from an if: every work-item gets its own index back.
int pick(int t, int n) {
  if (t >= n) return n - 1;
  for (int i = 0; i < 4; i++) {
    if (i == t) return i;
  }
  return t;
}
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[t] = pick(t, 64);
}
