// expect: violation race
// run: check --local_size=8 --num_groups=2
// id: race write_write line 7
// Same-value write-write races are data races unless the tolerance is asked for.
__kernel void k(__global int *flag, int seen) {
  if (seen > 0) {
    flag[0] = 1;
  }
}
