// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race write_write line 9
// A vector comparison gives -1 (not 1) in each true lane, so the branch runs
// and every work-item writes cell 0: a race only a faithful lane model finds.
__kernel void minus_one(__global int *out) {
  int4 c = (int4)(1, 2, 3, 4) < (int4)(5);
  if (c.x == -1) {
    out[0] = (int)get_local_id(0);
  }
}
