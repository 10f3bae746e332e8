// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: undefined approximation line 10
// truth: iteration 0 of the loop reads x before `x = i` has run once; n is a kernel argument, so the loop is not unrolled but run as one symbolic iteration, whose x must count as unassigned while no earlier iteration can be shown to have assigned it.
__kernel void k(__global int *out, int n) {
  int t = get_local_id(0);
  int x;
  int acc = 0;
  for (int i = 0; i < n; i++) {
    acc ^= x;
    x = i;
  }
  out[t] = acc;
}
