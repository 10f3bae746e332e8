// expect: violation
// run: check --local-size 4 --array-size in=8 --array-size out=4
// id: bounds index_out_of_range line 11
// truth: x /= 2u divides in unsigned (C's usual conversions): x = (uint)(lid - 4) / 2 is
//        about 2^31, so in[x + 2] is far out of bounds (and x + 2 overflows for lid = 3).
//        The old encoding divided in int: x in -2..0, in bounds.
__kernel void halve_offsets(__global const int *in, __global int *out) {
  int lid = (int)get_local_id(0);
  int x = lid - 4;
  x /= 2u;
  out[lid] = in[x + 2];
}
