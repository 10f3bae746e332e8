// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: execution unsupported_construct line 9
// truth: out and in may be adjacent sub-buffers of one buffer, so out + 64 == in can hold (C11 6.5.9p6) and then every work-item writes out[0] (Oclgrind: write-write race)
__kernel void k(__global int *out, __global int *in) {
  int t = get_local_id(0);
  __global int *p = out + 64;
  __global int *q = in;
  if (p == q) out[0] = t;
  else out[t] = t;
}
