/* CUDA references make a call's effects on the caller's variables an operand's
 * effects (test_unsequenced.py). */

__device__ int bump(int &r) { r = r + 1; return 0; }
__device__ int pick(int a, int b) { return a + b; }

__global__ void k_refused_operand(int *out) {
  int t = threadIdx.x;
  int i = 2 * t;
  out[t] = i + bump(i);
}

__global__ void k_refused_argument(int *out) {
  int t = threadIdx.x;
  int i = 2 * t;
  out[t] = pick(i, bump(i));
}

__global__ void k_kept(int *out) {
  int t = threadIdx.x;
  int i = 2 * t;
  int v = bump(i);          /* i = 2t + 1 */
  out[t] = i + v;           /* 2t + 1 */
  int k = t;
  out[4 + t] = i + bump(k); /* bump changes k, which the other operand does not use */
  out[8 + t] = k;           /* t + 1 */
}

/* C++ sequences the store of an assignment and a prefix increment before their value
 * (C++11 [expr.ass]p1), not the side effect of a postfix one. */

__global__ void k_refused_store_postfix(int *out) {
  int t = threadIdx.x;
  int i = t;
  i += i++;
  out[t] = i;
}

__global__ void k_kept_store(int *out) {
  int t = threadIdx.x;
  int i = t;
  i = ++i + 1;              /* t + 2 */
  out[t] = (out[t] = 5) + i; /* t + 7 */
}
