/* Block-scope objects start a new lifetime each time their declaration is reached
 * (test_lifetimes.py). */

struct pair { int lo; int hi; };

int helper(int v) {
  int r;
  r = v + 1;
  return r;
}

__kernel void k_top(__global int *out) {
  int x;
  x = 1;
  int row[2];
  row[0] = x;
  row[1] = x;
  out[0] = row[0] + row[1];
}

__kernel void k_loop(__global int *out) {
  __local int shared[4];
  int t = get_local_id(0);
  for (int i = 0; i < 2; i++) {
    int x;
    int2 v;
    struct pair s;
    int row[2];
    int cell;
    int *p = &cell;
    __local int *q;
    x = i; v.x = x; v.y = x; s.lo = x; s.hi = x; row[0] = x; row[1] = x; *p = x;
    q = shared + t;
    *q = x + v.y + s.hi + row[1] + cell;
  }
  out[t] = shared[t];
}

__kernel void k_inline(__global int *out) {
  int t = get_local_id(0);
  int a = helper(t);
  int b = helper(a);
  out[t] = b;
}
