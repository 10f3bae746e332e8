// expect: violation undefined
// run: check --local-size 4
// id: undefined undefined_operation line 8
// Ordering pointers into different arrays is undefined in C: with k == 0,
// p points into b and is compared with a pointer into a.
__kernel void order(__global int *a, __global int *b, int k) {
  __global int *p = k ? a : b;
  if (p < a + 2)
    a[get_global_id(0)] = 1;
}
