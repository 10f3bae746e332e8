// expect: violation
// run: check --local-size 4
// id: race read_write line 9
// truth: barrier(0) waits for every work-item but fences no memory, so the store to buf[lid] need not be
//        visible to the neighbour that reads it after the barrier: a data race on local memory.
__kernel void neighbour(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[lid] = (int)lid;
  barrier(0);
  out[lid] = buf[(lid + 1) % 4];
}
