// expect: unknown: kept beyond the end of its block
// run: spec
// id: spec.construct unsupported_construct line 13
// reason: Relative of the race checker's dangling pointers: p outlives the block of a, so out[p[0]] may write any cell (C11 6.2.4p2), not the one this thread holds.
/*@ requires Perm(out[get_global_id(0)], write);
    ensures Perm(out[get_global_id(0)], write); @*/
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  int *p;
  {
    int a[1];
    a[0] = t;
    p = a;
  }
  out[p[0]] = t;
}
