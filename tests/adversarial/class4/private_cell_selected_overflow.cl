// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: undefined signed_overflow line 11
// truth: every cell of tmp is known, and the computed index t & 1 selects INT_MAX for odd work-items; v + 1 then overflows int (undefined). A model that forgot the cells would call v data and assume its arithmetic defined; one that picked a single cell would miss the odd work-items.
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  int tmp[2];
  tmp[0] = 1;
  tmp[1] = 2147483647;
  int v = tmp[t & 1];
  out[t] = v + 1;
}
