// expect: violation undefined
// run: check --local_size=16 --num_groups=1 --skip-initialisation-check
// id: undefined undefined_operation line 9
// The flag drops only the initialisation check: C's undefined behaviour (here a
// dereference of a null pointer, which GPUVerify reports too) is still checked.
__kernel void k(__global int *out) {
  __global int *p = 0;
  if (get_local_id(0) == 2)
    out[get_local_id(0)] = *p;
}
