// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined signed_overflow line 8
// truth: only thread 3 takes the arm 2147483645 + lid, which overflows int (2^31) there;
//        the other threads take the defined arm.  Wrapped, v < 0 sent it to out[3]: no race.
__kernel void last_one_wraps(__global int *out) {
  int lid = (int)get_local_id(0);
  int v = lid == 3 ? 2147483645 + lid : lid;
  out[v < 0 ? 3 : v] = 1;
}
