// expect: unknown
// launch: --local-size 4 --num-groups 1
// A user function that returns a vector is not inlined lane by lane (yet): the
// verdict stays unknown, never verified.
int4 twice(int4 v) {
  return v + v;
}

__kernel void lanes(__global int4 *out) {
  out[get_global_id(0)] = twice((int4)(1, 2, 3, 4));
}
