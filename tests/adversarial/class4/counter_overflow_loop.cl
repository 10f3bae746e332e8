// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: undefined approximation line 9
// truth: the loop runs while i >= 0 and steps by 2^30: the counter must overflow int to ever
//        stop (undefined: clang may assume i >= 0 always, an endless loop). With wrap-around
//        the loop ends after two steps and looks harmless.
__kernel void until_negative(__global int *out) {
  int lid = (int)get_local_id(0);
  for (int i = lid; i >= 0; i += 0x40000000) {
    out[lid] = i & 3;
  }
}
