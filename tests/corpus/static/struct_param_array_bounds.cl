// expect: violation bounds
// run: check --local-size 8
// id: bounds index_out_of_range line 13
// An array field of a by-value struct parameter is each thread's private copy
// of four cells; threads 4..7 write past it.
typedef struct {
  int slot[4];
  int base;
} plan;

__kernel void place(__global int *out, plan p) {
  size_t t = get_local_id(0);
  p.slot[t] = (int)t;
  out[get_global_id(0)] = p.slot[0] + (p.base & 255);
}
