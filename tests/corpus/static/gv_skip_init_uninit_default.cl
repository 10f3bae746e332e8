// expect: violation initialisation
// run: check --local_size=16 --num_groups=2
// id: initialisation unwritten_cell line 9
// gv_skip_init_uninit_ok.cl without --skip-initialisation-check: the read of a[16].
__kernel void k(__global int *out) {
  __local int a[17];
  a[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = a[get_local_id(0) + 1];
}
