// expect: violation race
// run: check --local-size 8
// id: race write_write line 13
// A pointer stored in struct memory is a cell like any other: threads 2k and
// 2k+1 both store into the field `data` of element k.
typedef struct {
  __global int *data;
  int n;
} slot;

__kernel void publish(__global slot *slots, __global int *buf) {
  size_t t = get_local_id(0);
  slots[t / 2].data = buf + t;
  slots[t].n = (int)t;
}
