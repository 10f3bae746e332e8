// expect: violation: signed overflow in '*' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 15
// reason: v is 65536 read back from the thread's own private array, so v * 65536 overflows int for every work-item but 0; only values read from shared memory are assumed well-behaved, as in check.
/*@
  context_everywhere a != NULL;
  requires Perm(a[get_global_id(0)], write);
  ensures Perm(a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, int j) {
  int t = get_global_id(0);
  int tmp[4];
  tmp[j % 2 == 0 ? 0 : 1] = t == 0 ? 0 : 65536;
  int v = tmp[j % 2 == 0 ? 0 : 1];
  a[t] = v * 65536;
}
