// expect: verified
// run: check --local_size=2 --num_groups=1 --kernel-args=k,0x00000003
// --kernel-args fixes x = 3, so only the race-free branch runs
// (gv_kernel_args_any.cl: the same kernel with x unconstrained).
__kernel void k(__local int *a, int x) {
  if (x == 3) {
    a[get_local_id(0)] = 3;
  } else {
    a[0] = (int)get_local_id(0);
  }
}
