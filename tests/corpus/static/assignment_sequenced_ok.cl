// expect: verified
// run: check --local-size 64
// Assignments whose operands read, or finish writing, the target before its store:
// defined C (the store comes after the operands' value computations, C11 6.5.16p3; a
// comma, a call and the condition of ?: complete their side effects first).  An
// element written by an operand differs from the one the store writes.
int twice(int v) { return 2 * v; }

__kernel void sequenced(__global int *out) {
  int t = get_local_id(0);
  int x = t;
  x = x + 1;
  int i = t;
  i = (i++, i + 10);
  int j = t;
  j = twice(j++);
  int k = t;
  k = k++ ? k : 7;
  int p[4];
  p[0] = t; p[1] = 1; p[2] = 2; p[3] = 3;
  p[t & 3] = p[t & 3] + 1;
  p[t & 3] += p[(t + 1) & 3]++;
  out[get_global_id(0)] = x + i + j + k + p[0];
}
