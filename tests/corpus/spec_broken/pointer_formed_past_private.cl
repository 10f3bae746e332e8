// expect: violation: a pointer into priv formed outside its elements
// run: spec
// id: spec.pointer pointer_out_of_range line 12
// reason: Relative: a pointer five past a four-element private array, never dereferenced (C11 6.5.6p8: undefined), which the IR states as an assertion of true.
/*@
  context_everywhere a != NULL;
  requires Perm(a[get_global_id(0)], write);
  ensures Perm(a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  int priv[4];
  int *p = priv + 5;
  a[get_global_id(0)] = 1;
}
