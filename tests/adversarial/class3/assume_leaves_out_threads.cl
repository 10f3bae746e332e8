// expect: unknown
// run: check --local-size 4
// id: assumption vacuous_assumption
// truth: `__assume(lid < 2)` is met by work-items 0 and 1, so the pair check was not vacuous,
//        but work-items 2 and 3 were left out of the proof (check said verified); on the
//        device they both write out[1] (lid >> 1): a write-write race.
__kernel void leaves_out(__global int *out) {
  uint lid = get_local_id(0);
  __assume(lid < 2);
  out[lid >> 1] = (int)lid;
}
