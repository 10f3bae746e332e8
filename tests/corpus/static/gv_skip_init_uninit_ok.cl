// expect: verified : reads of uninitialised memory not checked (--skip-initialisation-check)
// run: check --local_size=16 --num_groups=2 --skip-initialisation-check
// The last work-item reads a[16], which nothing wrote: a defect veriscan reports
// by default (gv_skip_init_uninit_default.cl) and GPUVerify does not check; with
// the flag the verdict is verified and says what it left out.
__kernel void k(__global int *out) {
  __local int a[17];
  a[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = a[get_local_id(0) + 1];
}
