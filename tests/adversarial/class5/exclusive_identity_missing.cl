// expect: violation
// run: check --local-size 8 --array-size in=8 --array-size out=8
// id: initialisation unwritten_cell line 12
// truth: an exclusive shift that forgets to store the identity at slot 0: thread 0 reads
//        tmp[0], which nobody wrote (tmp[lid + 1] covers 1..7 only).
__kernel void exclusive_shift(__global const int *in, __global int *out) {
  __local int tmp[8];
  int lid = (int)get_local_id(0);
  if (lid + 1 < 8)
    tmp[lid + 1] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = tmp[lid];
}
