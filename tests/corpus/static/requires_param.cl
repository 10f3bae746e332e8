// expect: verified
// run: check --local-size 64 --array-size out=64
// __requires narrows the scalar parameter; without it the bound is violated.
__kernel void prefix(__global int *out, int count) {
  __requires(count <= 64);
  size_t t = get_local_id(0);
  if (t < (size_t)count) {
    out[t] = 1;
  }
}
