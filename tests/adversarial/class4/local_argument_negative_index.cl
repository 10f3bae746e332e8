// expect: violation
// run: check --local-size 4 --array-size out=4
// id: bounds index_out_of_range line 9
// truth: a __local pointer argument points at the start of its allocation too, so
//        tmp[t - 1] is tmp[-1] for work-item 0: outside the allocation whatever size the
//        host gave it.  Unsized, the argument was not bounds-checked at all.
__kernel void shift(__local int *tmp, __global int *out) {
  int t = get_local_id(0);
  tmp[t - 1] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = t;
}
