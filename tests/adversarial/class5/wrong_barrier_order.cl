// expect: violation
// run: check --local-size 4 --array-size in=4 --array-size out=4
// id: race read_write line 10
// truth: the barrier sits before the store instead of between store and load, so thread 0
//        reads buf[3] in the same barrier interval in which thread 3 writes it.
__kernel void rotate_by_one(__global const int *in, __global int *out) {
  __local int buf[4];
  int lid = (int)get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[lid] = in[lid];
  out[lid] = buf[(lid + 3) & 3];
}
