// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined undefined_operation line 7
// truth: OpenCL leaves clamp undefined for minval > maxval; an implementation taking max(min(x, hi), lo) writes out[100 + t], out of bounds
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  int4 c = clamp((int4)(0), (int4)(100 + t), (int4)(t));
  out[c.x] = t;
}
