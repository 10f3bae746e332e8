// expect: verified
// run: check --local_size=64 --num_groups=2 --assume-pure-calls
// Under --assume-pure-calls a function declared without a body touches no
// memory, has no barrier and returns an arbitrary value: the kernel's own
// accesses are race-free whatever it returns, and the verdict names the
// assumption.
int noise(int x);

__kernel void k(__global int *out) {
  int g = get_global_id(0);
  int v = noise(g);
  out[g] = v > 0 ? 1 : 2;
}
