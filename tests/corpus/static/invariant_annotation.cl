// expect: verified
// run: check --local-size 32 --array-size out=128
// A GPUVerify loop invariant is checked where the loop evaluates it, never assumed
// (gv_invariant_false.cl: a false one is an assertion violation).
__kernel void zero(__global int *out) {
  size_t t = get_local_id(0);
  for (int i = 0; i < 4; i++) {
    __invariant(i >= 0);
    out[4 * t + i] = 0;
  }
}
