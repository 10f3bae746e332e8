// expect: verified
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// Arithmetic on values read from memory is assumed defined (in[t] != 0, no overflow): some
// input makes it so, so the assumption is a model.
__kernel void k(__global int *out, __global const int *in) {
  int t = get_local_id(0);
  int a = 100 / in[t];
  int b = in[t] + in[(t + 1) % 64];
  out[t] = a + b;
}
