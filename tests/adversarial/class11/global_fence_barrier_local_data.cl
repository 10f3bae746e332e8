// expect: violation
// run: check --local-size 4
// id: race read_write line 9
// truth: work_group_barrier(CLK_GLOBAL_MEM_FENCE) orders global memory only (OpenCL C 2.0 6.13.8): the local
//        write of buf[lid] and the read of buf[(lid + 1) % 4] by the neighbour stay unordered, a data race.
__kernel void neighbour(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[lid] = (int)lid;
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  out[lid] = buf[(lid + 1) % 4];
}
