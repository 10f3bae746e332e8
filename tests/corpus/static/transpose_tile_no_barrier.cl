// expect: violation race
// run: check --local_size=[16,16] --num_groups=[4,4]
// id: race read_write line 12
// The tiled transpose without its barrier: a work-item reads a tile cell
// another work-item of its group writes.
#define W 64
#define T 16
__kernel void transpose(__global const float *in, __global float *out) {
  __local float tile[T][T + 1];
  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t gx = get_group_id(0), gy = get_group_id(1);
  tile[ly][lx] = in[(gy * T + ly) * W + gx * T + lx];
  out[(gx * T + ly) * W + gy * T + lx] = tile[lx][ly];
}
