// expect: violation
// run: check --local-size 4 --array-size in=4 --array-size out=4
// id: initialisation unwritten_cell line 12
// truth: only threads 0..2 fill the buffer (lid < 3), but thread 2 reads buf[3] after the
//        barrier: buf[3] was never written.
__kernel void shift_left(__global const int *in, __global int *out) {
  __local int buf[4];
  int lid = (int)get_local_id(0);
  if (lid < 3)
    buf[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[(lid + 1) & 3];
}
