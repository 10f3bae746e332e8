// expect: violation assertion
// run: check --local_size=8 --num_groups=1 --no-inline
// id: assertion assertion_false line 8
// A GPUVerify loop invariant is checked, not assumed: i < 3 fails when the loop
// head is evaluated the fourth time (i = 3).
__kernel void fill(__global int *out) {
  size_t t = get_local_id(0);
  for (int i = 0; __invariant(i < 3), i < 4; i++) {
    out[4 * t + i] = i;
  }
}
