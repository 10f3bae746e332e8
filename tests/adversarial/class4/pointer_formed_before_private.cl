// expect: violation
// run: check --local-size 4 --array-size out=4
// id: bounds pointer_out_of_range line 12
// truth: `q--` on a pointer to the first element of a private array forms tmp - 1, before
//        the array: undefined (C11 6.5.6p8) although q[1] is in bounds again.  Thread 0.
__kernel void back(__global int *out) {
  int t = get_local_id(0);
  int tmp[2];
  tmp[0] = t;
  tmp[1] = t + 1;
  int *q = tmp;
  q--;
  out[t] = q[1];
}
