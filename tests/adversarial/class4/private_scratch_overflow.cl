// expect: violation-or-unknown
// run: check --local-size 64 --array-size out=64
// id: undefined approximation line 10
// truth: v is t * 2^16 read back from the thread's own private array; v * 2^16 overflows int for every t >= 1 (undefined). Arithmetic on values read from global or local memory is assumed defined, but a private array holds what the thread computed from its id, so its values stay checked.
__kernel void k(__global int *out, int j) {
  int t = get_global_id(0);
  int tmp[4];
  tmp[j & 3] = t * 65536;
  int v = tmp[j & 3];
  out[t] = v * 65536;
}
