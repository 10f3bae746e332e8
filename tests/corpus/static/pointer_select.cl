// expect: unknown
// launch: --local-size 32
// Which array the pointer targets depends on the thread: the front end
// cannot resolve it to one array plus an offset.
__kernel void pick(__global int *a, __global int *b) {
  size_t t = get_local_id(0);
  __global int *p = (t & 1) ? a : b;
  p[t] = 1;
}
