// expect: violation-or-unknown
// run: check --local-size 4
// id: execution unsupported_construct line 11
// truth: p = &a[1] of an array declared in an inner block is read after the block ends, when a's lifetime
//        is over (C11 6.2.4p2: the pointer's value is indeterminate): undefined behaviour.
__kernel void dangling(__global int *out) {
  int *p;
  {
    int a[4];
    a[0] = 1; a[1] = 2; a[2] = 3; a[3] = 4;
    p = &a[1];
  }
  out[get_global_id(0)] = p[0];
}
