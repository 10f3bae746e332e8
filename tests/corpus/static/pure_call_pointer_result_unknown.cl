// expect: unknown
// run: check --local_size=8 --num_groups=1 --assume-pure-calls
// id: execution unsupported_construct line 9
// A pointer returned by a bodiless function points nobody knows where: the
// assumption gives arbitrary values, not arbitrary places.
__global int *where(void);

__kernel void k(__global int *out) {
  *where() = (int)get_local_id(0);
}
