// expect: violation divergence
// run: check --local_size=16 --num_groups=1 --only-divergence
// id: divergence not_all_threads line 7
// --only-divergence still finds divergent barriers.
__kernel void k(__global int *out) {
  if (get_local_id(0) < 4) {
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  out[get_local_id(0)] = 1;
}
