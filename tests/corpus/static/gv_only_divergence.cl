// expect: verified
// run: check --local_size=16 --num_groups=1 --only-divergence
// Racy, but --only-divergence asks for barrier divergence only (named in the verdict).
__kernel void k(__global int *out) {
  out[0] = (int)get_local_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
}
