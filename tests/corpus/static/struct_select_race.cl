// expect: violation race
// run: check --local-size 8
// id: race write_write line 20
// A pointer to structs chosen by a condition; odd threads all write one
// element of `a` through a private struct's pointer field.
typedef struct {
  int x;
  int y;
} point;
typedef struct {
  __global point *where;
  int index;
} cursor;

__kernel void chosen(__global point *a, __global point *b) {
  size_t t = get_local_id(0);
  cursor c;
  c.where = (t & 1) ? a : b;
  c.index = (t & 1) ? 0 : (int)t;
  c.where[c.index].y = (int)t;
}
