// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: execution unsupported_construct line 10
// truth: x lives for one iteration of the loop body; after the loop p points at a dead object (C11 6.2.4p2), and the compiler may have reused its register or stack slot, so out[*p] is not out[t].
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  int *p = 0;
  for (int i = 0; i < 2; i++) {
    int x = t + i - 1;
    p = &x;
  }
  out[*p] = t;
}
