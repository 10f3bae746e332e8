// expect: violation
// run: check --local-size 4,2
// id: race write_write line 9
// truth: work-items (x, 0) and (x, 1) of the 4x2 group both write buf[x], a data race that a check
//        of dimension 0 alone would miss.
__kernel void rows(__global int *out) {
  __local int buf[8];
  uint x = get_local_id(0), y = get_local_id(1);
  buf[x] = (int)y;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = buf[x];
}
