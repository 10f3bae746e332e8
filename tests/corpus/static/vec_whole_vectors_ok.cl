// expect: verified
// run: check --local-size 8 --num-groups 2 --array-size v=16
// Lanes of different vectors are different locations: each work-item writes
// every lane of its own int4, lane by lane, and the neighbours' vectors are
// only read after the barrier.
__kernel void k(__global int4 *v) {
  size_t g = get_global_id(0);
  v[g].x = 1;
  v[g].yz = (int2)(2, 3);
  v[g].w = (int)g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  int n = v[(get_local_id(0) + 1) % 8 + get_group_id(0) * 8].w;
  barrier(CLK_GLOBAL_MEM_FENCE);
  v[g].x = n;
}
