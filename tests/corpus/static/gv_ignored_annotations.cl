// expect: verified
// run: check --local_size=16 --num_groups=2
// Annotations nothing relies on are ignored (and named in the verdict): a
// postcondition, candidate and function-wide invariants, a barrier invariant.
// __implies and __is_pow2 have their plain meaning.
int twice(int x) {
  __ensures(__return_val_int() == 2 * x);
  return 2 * x;
}
__kernel void k(__global int *out, int n) {
  __requires(__is_pow2(n));
  __requires(__implies(n > 0, n <= 64));
  __function_wide_invariant(__no_write(out));
  __local int tmp[16];
  size_t t = get_local_id(0);
  tmp[t] = twice((int)t);
  __barrier_invariant_1(tmp[t] == 2 * t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; __candidate_invariant(i >= 0), i < 2; i++) {
    out[2 * get_global_id(0) + i] = tmp[15 - t];
  }
}
