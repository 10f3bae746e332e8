// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined division_by_zero line 8
// truth: lid % ((lid & 1) * 8) is a remainder by zero for every even thread (undefined);
//        Z3's bvurem x 0 = x made it out[lid], race-free and in bounds.
__kernel void odd_slots(__global uint *out) {
  uint lid = get_local_id(0);
  out[lid % ((lid & 1u) * 8u)] = lid;
}
