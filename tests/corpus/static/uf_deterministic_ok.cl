// expect: verified
// run: check --local-size 8 --num-groups 1
// A math built-in without a body is a function of its arguments: the same
// arguments give the same result, so the racy store is unreachable.
__kernel void same_twice(__global const uint *in, __global uint *out) {
  uint x = in[get_local_id(0)];
  if (popcount(x) != popcount(x) || native_divide((float)x, 3.0f) < 0.0f && 0) {
    out[0] = x;
  }
  out[get_local_id(0) + 1] = clz(x) + (uint)isnan(sqrt((float)x)) + (uint)INFINITY;
}
