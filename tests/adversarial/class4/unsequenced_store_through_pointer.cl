// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined undefined_operation line 13
// truth: `*q += (*q)++` (q points at h[1]) updates h[1] by the compound assignment's store
//        and by the postfix increment in its operand, unsequenced: undefined (C11 6.5p2),
//        reached by every thread (thread 0).  The same element reached through a pointer.
__kernel void bump(__global int *out) {
  int t = get_local_id(0);
  int h[2];
  h[0] = 0;
  h[1] = t;
  int *q = h + 1;
  *q += (*q)++;
  out[t] = h[1];
}
