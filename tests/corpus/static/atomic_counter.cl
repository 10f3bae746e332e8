// expect: unknown
// launch: --local-size 64 --num-groups 4
// Atomics are outside the IR: the verdict must be unknown, never verified.
__kernel void count_positive(__global const int *in, __global int *total) {
  int v = in[get_global_id(0)];
  if (v > 0) {
    atomic_add(total, 1);
  }
}
