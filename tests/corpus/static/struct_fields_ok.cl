// expect: verified
// run: check --local-size 8
// Threads 2k and 2k+1 write different fields of one element: distinct memory
// locations, no race.  A shared array of nested structs, a by-value struct
// parameter, a private struct copied field by field.
struct inner {
  int a;
  float b;
};
struct cell {
  int lo;
  int hi;
  struct inner in;
};
struct params {
  int scale;
  int bias;
};

__kernel void fields(__global struct cell *cells, struct params prm, __global int *out) {
  __local struct cell tile[8];
  size_t t = get_local_id(0);
  if (t & 1)
    cells[t / 2].hi = (int)t;
  else
    cells[t / 2].lo = (int)t;
  tile[t].lo = (int)t;
  tile[t].hi = prm.scale;
  tile[t].in.a = (int)t + (prm.bias & 255);
  tile[t].in.b = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  struct cell mine = tile[(t + 1) % 8];
  out[get_global_id(0)] = mine.in.a;
}
