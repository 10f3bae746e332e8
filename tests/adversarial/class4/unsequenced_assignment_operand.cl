// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 11
// truth: `i + (i = i + 1)` is undefined in C (a write and a read of i unsequenced).  The
//        lowering emitted the assignment first and read the new i twice (v = 4t+2, even:
//        out[t], race-free, "verified"); PoCL reads the old i first: measured v = 1 5 9 13
//        for t = 0..3 (pyopencl on PoCL 3.0), odd, so every thread writes out[0] (threads 0, 1).
__kernel void unsequenced_assignment(__global int *out) {
  int t = get_local_id(0);
  int i = 2 * t;
  int v = i + (i = i + 1);
  out[(v & 1) ? 0 : t] = v;
}
