// expect: violation race
// run: check --local-size 8
// id: race write_write line 9
// The pointer is chosen per thread: odd threads write through `a`, even ones
// through `b`, and all odd threads write the same cell a[0].
__kernel void pick(__global int *a, __global int *b) {
  size_t t = get_local_id(0);
  __global int *p = (t & 1) ? a : b;
  p[(t & 1) ? 0 : t] = (int)t;
}
