// expect: unknown
// run: check --local-size 2 --array-size out=256
// id: race approximation line 10
// The 8-bit counter wraps: work-item 1 visits 1 then 0, colliding with
// work-item 0.  The loop abstraction must keep wrapped iterations (a
// no-wrap shortcut would report verified); the conflict needs a wrap, which
// the witness cannot certify, so the honest verdict is unknown.
__kernel void wrap(__global int *out) {
  for (uchar i = (uchar)get_local_id(0); i < 250; i += 255) {
    out[i] = 1;
  }
}
