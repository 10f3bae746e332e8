// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined signed_overflow line 6
// truth: the helper negates INT_MIN + lid; for thread 0 that is -INT_MIN (undefined). The old
//        encoding wrapped it back to INT_MIN and (v & 3) stayed a valid index.
int flip(int v) { return -v; }

__kernel void mirrored(__global int *out) {
  int lid = (int)get_local_id(0);
  int v = flip((-2147483647 - 1) + lid);
  out[v & 3] = lid;
}
