// expect: violation bounds
// run: check --local-size 4
// id: bounds index_out_of_range line 11
// A private table with an initialiser (its last cell zero-filled), walked
// through a pointer one cell past its end.
__kernel void table(__global uint *out) {
  uint steps[4] = {1, 2, 3};
  uint *p = steps;
  uint sum = 0;
  for (int i = 0; i <= 4; i++)
    sum += p[i];
  out[get_global_id(0)] = sum;
}
