// A load inside ?: must stay guarded by the condition.
__kernel void shift(__global const int *in, __global int *out) {
  int t = get_local_id(0);
  int x = t > 0 ? in[t - 1] : 0;
  out[t] = x;
}
