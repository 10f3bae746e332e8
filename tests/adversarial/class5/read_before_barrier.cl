// expect: violation
// run: check --local-size 4 --array-size in=4 --array-size out=4
// id: race read_write line 10
// truth: each thread writes its own slot and then reads its neighbour's without a barrier
//        between: no barrier orders the neighbour's write, so thread 0 may read buf[1]
//        before thread 1 wrote it (a race too; the read is of possibly unwritten memory).
__kernel void neighbour(__global const int *in, __global int *out) {
  __local int buf[4];
  int lid = (int)get_local_id(0);
  buf[lid] = in[lid];
  out[lid] = buf[(lid + 1) & 3];
}
