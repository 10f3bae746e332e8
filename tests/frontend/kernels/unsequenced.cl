/* Operands C evaluates in no fixed order (test_unsequenced.py).  The k_refused_*
 * kernels make one operand's effects visible to another; the k_kept_* kernels
 * only look alike and must lower, and compute what C says. */

int sync(void) {
  barrier(CLK_LOCAL_MEM_FENCE);
  return 0;
}

__kernel void k_refused_assignment(__global int *out) {
  int t = get_local_id(0);
  int i = 2 * t;
  out[t] = i + (i = i + 1);
}

__kernel void k_refused_increment(__global int *out) {
  int t = get_local_id(0);
  int i = t;
  out[i++] = i;
}

__kernel void k_refused_store(__global int *out) {
  __local int buf[4];
  int t = get_local_id(0);
  buf[t] = t;
  out[t] = buf[t] * (buf[t] = 3);
}

__kernel void k_refused_barrier(__global int *out) {
  __local int buf[4];
  int t = get_local_id(0);
  buf[t] = t;
  out[t] = buf[t ^ 1] + sync();
}

__kernel void k_kept(__global int *out, __global int *copy) {
  int t = get_local_id(0);
  int j = 0;
  int i = t;
  out[i++] = (j = 10 * t) + 1;         /* out[t] = 10t + 1 */
  out[4 + i - 1] = copy[t] = j + i;    /* out[4 + t] = copy[t] = 11t + 1 */
  int k = t;
  k += (j = 2) * k;                    /* k = 3t */
  out[8 + t] = k + j;                  /* 3t + 2 */
}

/* The store of an assignment is one more effect: undefined with an operand's own
 * unsequenced write to the same variable (k_refused_store_*); an element the operand
 * writes is asserted to differ from the stored one (k_assert_store); writes a
 * sequence point completes first are kept (k_kept_store). */

int twice(int v) { return 2 * v; }

__kernel void k_refused_store_increment(__global int *out) {
  int t = get_local_id(0);
  int i = t;
  i = i++ + 1;
  out[t] = i;
}

__kernel void k_refused_store_compound(__global int *out) {
  int t = get_local_id(0);
  int i = t;
  i += (i = 2);
  out[t] = i;
}

__kernel void k_assert_store(__global int *out) {
  int t = get_local_id(0);
  out[t] += out[t ^ 1]++;
}

__kernel void k_kept_store(__global int *out) {
  int t = get_local_id(0);
  int i = t;
  i = (i++, i + 10);          /* t + 11 */
  int j = t;
  j = twice(j++);             /* 2t */
  int k = t;
  k = k++ ? k : 7;            /* 7 for t = 0, else t + 1 */
  int p[2];
  p[0] = t;
  p[1] = 1;
  p[0] += p[1]++;             /* p[0] = t + 1, p[1] = 2 */
  out[t] = i;
  out[4 + t] = j;
  out[8 + t] = k;
  out[12 + t] = p[0] + 10 * p[1];
}
