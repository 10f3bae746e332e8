// expect: violation race
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: race write_write line 18
// A return from the inner of two loops: every work-item from 16 on falls through both loops and gets 416, so they all write out[32].
int h(int t) {
  int s = 0;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      if (i * 4 + j == t) return s;
      s += 1;
    }
    s += 100;
  }
  return s;
}
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[h(t) % 64 + 0 * t] = t;
}
