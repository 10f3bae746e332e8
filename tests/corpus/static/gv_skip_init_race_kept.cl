// expect: violation race
// run: check --local_size=16 --num_groups=1 --skip-initialisation-check
// id: race write_write line 11
// The flag drops only the initialisation check: the
// race on out[0] between the stores of work-items 0 and 3 is still found.
__kernel void k(__global int *out) {
  __local int a[16];
  int v = a[get_local_id(0)];
  out[get_local_id(0) + 1] = v;
  if (get_local_id(0) == 3 || get_local_id(0) == 0)
    out[0] = 1;
}
