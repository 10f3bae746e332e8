// expect: verified
// run: check --local-size 64 --param n=4096 --array-size data=4096
// A signed block-stride loop: with n = 4096 the counter cannot wrap before
// the loop ends, which the loop abstraction uses to rule out negative indices.
__kernel void scale(__global uint *data, int n) {
  for (int i = (int)get_local_id(0); i < n; i += 64) {
    data[i] = 2 * data[i];
  }
}
