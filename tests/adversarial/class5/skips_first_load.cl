// expect: violation
// run: verify --n 8
// run: check --n 8
// veriscan: inclusive threads=n
// id: initialisation unwritten_cell
// truth: a Kogge-Stone scan whose load skips element 0 (lid > 0): tmp[0] is never written.
//        Fresh PoCL local memory is zero, which the old interval code read as (0,0) =
//        exactly in[0], so the interval test passed (out[k] = (0,k)) and verify said
//        verified.  Now the static check reports the read of tmp[0] by thread 0.
__kernel void kogge_stone_skip(__global const TYPE *in, __global TYPE *out) {
  __local TYPE tmp[N];
  uint lid = get_local_id(0);
  if (lid > 0)
    tmp[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < N; offset *= 2) {
    TYPE x = tmp[lid];
    if (lid >= offset)
      x = OPERATOR(tmp[lid - offset], x);
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = tmp[lid];
}
