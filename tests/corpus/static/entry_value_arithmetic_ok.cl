// expect: verified
// run: check --local-size 8 --num-groups 2 --array-size data=16
// An in-place update reads each cell before any write to the buffer, so the value
// is the host's: arithmetic on it is assumed defined (some input, such as all
// zeros, keeps every work-item's update defined).
__kernel void bump(__global int *data) {
  int g = get_global_id(0);
  data[g] = data[g] * 3 + 1;
}
