// expect: violation race
// run: check --local-size 32 --num-groups 1 --warp-sync=32 --skip-initialisation-check
// id: race write_write line 10
// Lock-step orders one statement after another, not the cells one expression
// writes: vstore2 at l + t may be one vector store, so lanes t and t + 1 both
// write l[t + 1] in the same step, with different values.
__kernel void k(__global int *out) {
  __local int l[40];
  int t = get_local_id(0);
  vstore2((int2)(t, t), 0, l + t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = l[t];
}
