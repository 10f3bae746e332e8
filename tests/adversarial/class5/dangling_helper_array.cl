// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: execution unsupported_construct line 8
// truth: slot() returns a pointer into its own private array, whose lifetime ends with the call (C11 6.2.4p2); reading through it is undefined. Oclgrind reports a write-write race on out[] (every work-item may read back the same stale slot, e.g. 0), which a model that keeps the dead array's last value never sees.
int *slot(int v) {
  int cell[1];
  cell[0] = v;
  return cell;
}

__kernel void k(__global int *out) {
  int t = get_global_id(0);
  int *p = slot(t);
  out[p[0]] = t;
}
