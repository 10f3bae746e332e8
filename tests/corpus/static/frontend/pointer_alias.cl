// Pointer locals resolve to array + offset, including ++ and +=.
__kernel void rows(__global int *out) {
  int t = get_local_id(0);
  __global int *row = out + 4 * t;
  row[1] = 7;
  row += 2;
  *row = 8;
}
