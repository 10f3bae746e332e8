// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined signed_overflow line 8
// truth: (int)lid * 0x40000000 overflows int for lid >= 2 (undefined); with wrap-around the
//        index (i >> 30) & 3 is a permutation, so the old encoding proved it race-free.
__kernel void quarter_turns(__global int *out) {
  int lid = (int)get_local_id(0);
  int i = lid * 0x40000000;
  out[(i >> 30) & 3] = lid;
}
