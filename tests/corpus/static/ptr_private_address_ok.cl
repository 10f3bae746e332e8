// expect: verified
// run: check --local-size 4
// Private variables reached through their address, in the kernel and in a helper.
void bump(int *x, int by) {
  *x += by;
}

__kernel void addressed(__global int *out) {
  int count = 1;
  int *p = &count;
  bump(p, 2);
  bump(&count, (int)get_local_id(0));
  out[get_global_id(0)] = *p;
}
