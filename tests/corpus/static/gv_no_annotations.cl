// expect: verified
// run: check --local_size=8 --num_groups=1 --no-annotations
// --no-annotations: the kernel's assertions are not checked (the verdict says so).
__kernel void k(__global int *out) {
  out[get_local_id(0)] = 1;
  __assert(get_local_id(0) == 0);
}
