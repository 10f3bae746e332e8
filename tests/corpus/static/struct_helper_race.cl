// expect: violation race
// run: check --local-size 8
// id: race write_write line 25
// A struct passed by value to a helper, and a helper reading through a
// pointer to structs: the helper's copy names the cell, and threads 2k and
// 2k+1 compute the same one.
typedef struct {
  int row;
  int col;
} coord;

int flat(coord c, int width) {
  return c.row * width + c.col;
}

int weight(__global const coord *cs, size_t i) {
  return cs[i].col;
}

__kernel void scatter(__global int *grid, __global const coord *cs) {
  size_t t = get_local_id(0);
  coord c;
  c.row = 1;
  c.col = (int)(t / 2);
  grid[flat(c, 8)] = weight(cs, t);
}
