// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 8
// The distance between two pointers is a number the model does not compute.
__kernel void distance(__global int *a, int k) {
  __global int *p = a + k;
  __global int *q = a + 2 * k;
  a[get_global_id(0)] = (int)(q - p);
}
