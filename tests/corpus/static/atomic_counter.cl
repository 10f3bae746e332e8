// expect: verified
// run: check --local-size 64 --num-groups 4
// Atomic increments of one cell by every work-item do not race each other.
__kernel void count_positive(__global const int *in, __global int *total) {
  int v = in[get_global_id(0)];
  if (v > 0) {
    atomic_add(total, 1);
  }
}
