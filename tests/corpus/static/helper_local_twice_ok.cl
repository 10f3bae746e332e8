// expect: verified
// run: check --local-size 64
// A helper whose locals (a scalar and a private array) are new objects on each call,
// inlined twice: each call assigns them before reading them.
int spread(int v, int k) {
  int r;
  int cells[2];
  cells[0] = v;
  cells[1] = k;
  r = cells[0] * 2 + cells[1];
  return r;
}

__kernel void calls(__global int *out) {
  int t = get_local_id(0);
  int a = spread(t, 1);
  int b = spread(a, 2);
  out[get_global_id(0)] = b;
}
