// expect: violation undefined
// run: check --local-size 4
// id: undefined undefined_operation line 9
// `p` gets a target only when k > 0; otherwise it is used without one.
__kernel void unassigned(__global int *out, int k) {
  __global int *p;
  if (k > 0)
    p = out + k;
  p[get_global_id(0)] = 0;
}
