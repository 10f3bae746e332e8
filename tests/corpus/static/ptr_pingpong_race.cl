// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 12
// The ping-pong of ptr_pingpong_ok.cl without its barrier: the second step
// writes a[t] while the first step's neighbour still reads a[t].
__kernel void pingpong(__global int *a, __global int *b) {
  size_t t = get_local_id(0);
  size_t n = get_local_size(0);
  __global int *src = a;
  __global int *dst = b;
  for (int step = 0; step < 3; step++) {
    dst[t] = src[t] + src[(t + 1) % n];
    __global int *tmp = src;
    src = dst;
    dst = tmp;
  }
}
