// expect: violation
// run: check --local-size 4 --array-size out=4
// id: bounds pointer_out_of_range line 14
// truth: the argument `buf + 8 + t` of `first` points past buf[4] for every thread
//        (thread 0: buf + 8), undefined when it is formed (C11 6.5.6p8); the helper only
//        reads p[-5 - t], which is in bounds, so no dereference is out of bounds.
int first(__local int *p, int t) { return p[-5 - t]; }

__kernel void helper(__global int *out) {
  __local int buf[4];
  int t = get_local_id(0);
  buf[t] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = first(buf + 8 + t, t);
}
