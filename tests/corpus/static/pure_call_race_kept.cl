// expect: violation race
// run: check --local_size=64 --num_groups=1 --assume-pure-calls
// id: race write_write line 10
// The assumption covers the call, not the kernel: its own race on out[0],
// whatever the function returns, is still found.
int noise(int x);

__kernel void k(__global int *out) {
  int v = noise(get_local_id(0));
  out[0] = (int)get_local_id(0) + (v & 0);
}
