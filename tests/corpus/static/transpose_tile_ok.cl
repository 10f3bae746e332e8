// expect: verified
// run: check --local_size=[16,16] --num_groups=[4,4] --array-size in=4096 --array-size out=4096
// Tiled transpose of a 64 x 64 matrix: read own cell into a local tile,
// barrier, write the mirrored cell.
#define W 64
#define T 16
__kernel void transpose(__global const float *in, __global float *out) {
  __local float tile[T][T + 1];
  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t gx = get_group_id(0), gy = get_group_id(1);
  tile[ly][lx] = in[(gy * T + ly) * W + gx * T + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx * T + ly) * W + gy * T + lx] = tile[lx][ly];
}
