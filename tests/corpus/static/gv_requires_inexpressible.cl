// expect: unknown
// run: check --local_size=8 --num_groups=1
// id: race unexpressed_precondition line 10
// A precondition veriscan cannot express (a two-thread predicate) is dropped,
// never trusted: checked without it, the store races for threads with equal x/2,
// which the precondition may exclude, so the verdict is unknown, not verified.
__kernel void k(__local int *a, __global int *xs) {
  int x = xs[get_local_id(0)];
  __requires(__distinct_int(x / 2));
  a[x & 7] = 1;
}
