// expect: unknown
// run: check --local-size 8
// id: execution unsupported_construct line 13
// Where a pointer loaded from struct memory points is not tracked (the host
// wrote it), so the store through it is never analysed as safe.
typedef struct {
  __global int *data;
  int n;
} slot;

__kernel void follow(__global slot *slots) {
  size_t t = get_local_id(0);
  slots[t].data[0] = slots[t].n;
}
