// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: undefined division_by_zero line 7
// truth: for work-item 5 the divisor is in[5] & 0, zero whatever memory holds: undefined in every run
__kernel void k(__global int *out, __global const int *in) {
  int t = get_local_id(0);
  out[t] = 100 / (in[t] & (t == 5 ? 0 : 1));
}
