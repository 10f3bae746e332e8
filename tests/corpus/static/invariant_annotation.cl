// expect: unknown
// launch: --local-size 32
// GPUVerify loop invariants are not taken on trust nor silently dropped.
__kernel void zero(__global int *out) {
  size_t t = get_local_id(0);
  for (int i = 0; i < 4; i++) {
    __invariant(i >= 0);
    out[4 * t + i] = 0;
  }
}
