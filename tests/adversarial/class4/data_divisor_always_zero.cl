// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: undefined division_by_zero line 7
// truth: in[t] & 0 is zero whatever memory holds, so the division is undefined in every run (PoCL drops the store); the model's assumption that arithmetic on memory values is defined cannot hold here
__kernel void k(__global int *out, __global const int *in) {
  int t = get_global_id(0);
  out[t] = t / (in[t] & 0);
}
