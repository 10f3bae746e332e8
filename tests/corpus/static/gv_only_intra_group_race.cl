// expect: violation race
// run: check --local_size=8 --num_groups=4 --only-intra-group
// id: race write_write line 6
// --only-intra-group still checks pairs in one group.
__kernel void k(__global int *p) {
  p[get_local_id(0) / 2] = (int)get_global_id(0);
}
