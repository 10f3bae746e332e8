// expect: violation
// run: check --local-size 4
// id: race write_write line 10
// truth: OpenCL C masks shift counts, so 1u << 32 is 1u and lid >> 1 sends threads 0 and 1
//        to buf[0]: a write-write race (the old encoding made 1u << 32 zero: buf[lid], no race).
__kernel void shifted_slots(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  uint width = get_local_size(0) * 8u; /* 32 */
  buf[lid >> (1u << width)] = (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
