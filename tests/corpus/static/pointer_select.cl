// expect: verified
// run: check --local-size 32
// Which array the pointer targets depends on the thread: odd threads write
// a[t], even ones b[t] (distinct parameters do not alias), so no two threads
// meet.  The front end keeps both targets and splits the store over them.
__kernel void pick(__global int *a, __global int *b) {
  size_t t = get_local_id(0);
  __global int *p = (t & 1) ? a : b;
  p[t] = 1;
}
