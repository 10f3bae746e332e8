// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined signed_overflow line 9
// truth: thread 0 computes INT_MIN / (0 - 1): the quotient 2^31 does not fit int (undefined;
//        bit-vector division wrapped it to INT_MIN silently).
__kernel void halves(__global int *out) {
  int lid = (int)get_local_id(0);
  int lowest = -2147483647 - 1;
  out[lid] = lowest / (lid - 1);
}
