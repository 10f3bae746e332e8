// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined unassigned_variable line 16
// truth: `carry` is declared inside the loop body without an initialiser, so each iteration
//        has a new object with an indeterminate value (C11 6.2.4p6).  Iteration 1 reads it
//        although only iteration 0 assigned it (thread 0, i = 1).  The lowering gave the
//        declaration one variable and emitted nothing for it, so iteration 0's value
//        counted as assigned and the kernel was "verified".
__kernel void carry_sum(__global int *out) {
  int t = get_local_id(0);
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    int carry;
    if (i == 0)
      carry = t + 1;
    sum += carry;
  }
  out[t] = sum;
}
