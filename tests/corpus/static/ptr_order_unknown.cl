// expect: unknown
// launch: --local-size 4
// Ordering pointers that may point into different arrays: C defines `<`
// only within one array, and the model does not order arrays.
__kernel void order(__global int *a, __global int *b, int k) {
  __global int *p = k ? a : b;
  if (p < a + 2)
    a[get_global_id(0)] = 1;
}
