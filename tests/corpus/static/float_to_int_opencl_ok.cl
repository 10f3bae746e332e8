// expect: verified
// run: check --local-size 64
// OpenCL C makes an out-of-range conversion of a float to an integer type
// implementation-defined (OpenCL C 6.2.3.3), not undefined: (int)3e9f has some value.
__kernel void convert(__global int *out) {
  int t = get_global_id(0);
  float f = 3e9f;
  int i = (int)f;
  out[t] = i;
}
