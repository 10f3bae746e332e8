// expect: unknown
// run: check --local-size 4
// id: assumption vacuous_assumption
// truth: `__requires(lid == 0)` leaves no pair of distinct work-items for the race check, so
//        check said verified (listing no assumption); on the device all 4 work-items write
//        out[0] (threads 0 and 1 race).
__kernel void single(__global int *out) {
  uint lid = get_local_id(0);
  __requires(lid == 0);
  out[0] = (int)lid;
}
