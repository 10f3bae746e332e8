// expect: violation race
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: race write_write line 13
// pick returns 0 from inside the loop for t < 8: work-items 0..7 all write out[0].
int pick(int t) {
  for (int i = 0; i < 8; i++) {
    if (i == t) return 0;
  }
  return t;
}
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[pick(t)] = t;
}
