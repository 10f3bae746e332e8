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
