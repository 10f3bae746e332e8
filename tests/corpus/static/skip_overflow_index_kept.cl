// expect: violation bounds
// run: check --local_size=64 --num_groups=1 --skip-overflow-check --array-size=A=64
// id: bounds index_out_of_range line 9
// --skip-overflow-check drops only the report of signed overflow: an index
// near the top of int's range, which overflows for the last work-items,
// still has its accesses checked, and they lie outside the buffer.
__kernel void k(__global int *A, int big) {
  int i = (int)get_local_id(0) + 2147483600;
  if (big == 1) A[i] = 0;
}
