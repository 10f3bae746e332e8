// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: execution unsupported_construct line 11
// truth: the != form of pointer_equal_adjacent_local_arrays.cl: on PoCL p != q is false and every work-item writes out[0]
__kernel void k(__global int *out) {
  __local int a[64];
  __local int b[64];
  int t = get_local_id(0);
  __local int *p = a + 64;
  __local int *q = b;
  if (p != q) out[t] = t;
  else out[0] = t;
}
