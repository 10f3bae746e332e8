// expect: violation
// run: check --local-size 4 --array-size out=4
// id: initialisation unwritten_cell line 15
// truth: `x` has its address taken, so the lowering keeps it as a one-cell private array;
//        declared in the loop body, it is a new object each iteration.  Iteration 1 reads x
//        through nothing but its own name, unassigned in that iteration (thread 0).
__kernel void through_pointer(__global int *out) {
  int t = get_local_id(0);
  int sum = 0;
  for (int i = 0; i < 2; i++) {
    int x;
    int *p = &x;
    if (i == 0)
      *p = t;
    sum += x;
  }
  out[t] = sum;
}
