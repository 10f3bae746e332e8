// expect: unknown
// run: check --local_size=16 --num_groups=1
// id: execution unsupported_construct line 8
// GPUVerify's __no_read inside an assertion parses and makes the verdict unknown.
__kernel void touch(__global int *a) {
  size_t t = get_local_id(0);
  a[t] = 1;
  __assert(__no_read(a));
}
