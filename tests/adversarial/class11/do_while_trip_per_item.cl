// expect: violation
// run: check --local-size 4
// id: divergence not_all_threads line 12
// truth: the do/while runs lid + 1 times, so work-item 0 leaves after one barrier while the others wait
//        at a second one: barrier divergence.
__kernel void rounds(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  int i = 0;
  buf[lid] = 0;
  do {
    barrier(CLK_LOCAL_MEM_FENCE);
    i++;
  } while (i < (int)lid + 1);
  out[lid] = buf[lid];
}
