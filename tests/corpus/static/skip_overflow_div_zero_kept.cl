// expect: violation undefined
// run: check --local_size=4 --num_groups=1 --skip-overflow-check
// id: undefined division_by_zero line 8
// --skip-overflow-check keeps every other undefined operation: a division
// by zero is still one.
__kernel void k(__global int *A) {
  int d = (int)get_local_id(0) - 2;
  A[get_local_id(0)] = 100 / d;
}
