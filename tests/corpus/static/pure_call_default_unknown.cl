// expect: unknown
// run: check --local_size=64 --num_groups=2
// id: execution unsupported_construct line 10
// pure_call_ok.cl without --assume-pure-calls: the call's body is not in the
// file, so nothing is known of what it does.
int noise(int x);

__kernel void k(__global int *out) {
  int g = get_global_id(0);
  int v = noise(g);
  out[g] = v > 0 ? 1 : 2;
}
