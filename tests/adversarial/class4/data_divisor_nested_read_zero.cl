// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: undefined division_by_zero line 7
// truth: a read inside another read's index, masked to zero: the divisor is 0 whatever memory holds, so every run is undefined; the check must quantify the outer read as one value, not leave it a free function the solver could choose
__kernel void k(__global int *out, __global const int *in) {
  int t = get_local_id(0);
  out[t] = t / (in[in[t] & 63] & 0);
}
