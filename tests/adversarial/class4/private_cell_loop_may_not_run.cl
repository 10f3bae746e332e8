// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: undefined approximation line 11
// truth: the loop runs n times, n a kernel argument, so it is run as one symbolic iteration; if n <= 0 it never runs and c[0] is still 0, so 10 / c[0] divides by zero (undefined). What the symbolic iteration stored must not survive the loop as the cell's value.
__kernel void k(__global int *out, int n) {
  int t = get_global_id(0);
  int c[1];
  c[0] = 0;
  for (int i = 0; i < n; i++)
    c[0] = i + 1;
  out[t] = 10 / c[0];
}
