// expect: unknown
// run: check --local-size 4 --num-groups 1
// id: execution unsupported_construct line 8
// A vector subscripted by a value only known at run time (a clang extension)
// names a lane the lowering cannot pick: the verdict stays unknown.
__kernel void lanes(__global int *out) {
  int4 a = (int4)(1, 2, 3, 4);
  out[get_global_id(0)] = a[get_local_id(0)];
}
