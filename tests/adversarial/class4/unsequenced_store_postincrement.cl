// expect: unknown
// run: check --local-size 4 --array-size out=4
// id: execution unsupported_construct line 11
// truth: `n = n++ * 2` modifies n twice with no sequence point between the store of `=`
//        and the side effect of `n++` (undefined in C11 6.5p2; the store is sequenced after
//        the operands' value computations only, 6.5.16p3).  Only clashes between two
//        operands were looked for, never the assignment's own store, so this was verified.
__kernel void doubled(__global int *out) {
  int t = get_local_id(0);
  int n = t;
  n = n++ * 2;
  out[t] = n;
}
