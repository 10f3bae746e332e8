// expect: unknown
// run: check --local-size 16
// id: execution unsupported_construct line 8
// Unstructured control flow.
__kernel void copy(__global const int *in, __global int *out) {
  size_t t = get_local_id(0);
  int i = 0;
again:
  out[t] = in[t] + i;
  i++;
  if (i < 3) goto again;
}
