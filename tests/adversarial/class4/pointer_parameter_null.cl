// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: execution unsupported_construct line 7
// truth: the host may pass NULL for opt (clSetKernelArg with a NULL value); then every work-item writes out[0]
__kernel void k(__global int *out, __global int *opt) {
  int t = get_local_id(0);
  if (opt == 0) out[0] = t;
  else out[t] = t;
}
