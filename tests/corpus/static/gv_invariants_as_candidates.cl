// expect: verified
// run: check --local_size=8 --num_groups=1 --invariants-as-candidates --array-size out=32
// With --invariants-as-candidates a false invariant is a dropped hint, as in
// GPUVerify (gv_invariant_false.cl: without the flag it is checked).
__kernel void fill(__global int *out) {
  size_t t = get_local_id(0);
  for (int i = 0; __invariant(i < 3), i < 4; i++) {
    out[4 * t + i] = i;
  }
}
