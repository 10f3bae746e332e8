// expect: verified
// run: check --local-size 8 --num-groups 2 --array-size p=16
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// double vectors behind the fp64 extension pragma; each work-item updates its
// own element through a pointer, lane by lane and as a whole (geometric
// built-ins are opaque functions of all lanes).
__kernel void twice(__global double2 *p) {
  __global double2 *mine = p + get_global_id(0);
  double2 v = *mine;
  mine->y = v.x;
  *mine = v * 2.0 + (double2)(1.0, 0.5) + normalize(v) * dot(v, v);
}
