// expect: violation race
// run: check --local-size 8
// id: race write_write line 12
// Threads 2k and 2k+1 write the same element's field `lo`.
typedef struct {
  int lo;
  int hi;
} pair;

__kernel void halves(__global pair *cells) {
  size_t t = get_local_id(0);
  cells[t / 2].lo = (int)t;
}
