// expect: unknown
// run: check --local-size 4
// id: assumption vacuous_assumption
// truth: `if (lid > 0) __assume(0);` silently drops work-items 1..3 from the proof (verified,
//        no assumption listed); they run on the device and write out[0] with work-item 0.
__kernel void branch(__global int *out) {
  uint lid = get_local_id(0);
  if (lid > 0)
    __assume(0);
  out[0] = (int)lid;
}
