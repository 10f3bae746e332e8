// expect: verified
// run: check --local-size 64
// Pointers from the start of an array to one past its end are defined even where the
// one-past pointer is never dereferenced (C11 6.5.6p8): `end`, and `q` after the loop.
__kernel void walk(__global uint *out) {
  __local uint buf[64];
  __local uint *end = buf + 64;
  int t = get_local_id(0);
  __local uint *p = end - 64 + t;
  *p = t;
  int row[4];
  int *q = row;
  for (int k = 0; k < 4; k++) {
    *q = k;
    q++;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[63 - t] + (q == row + 4) + row[3];
}
