// expect: violation race
// run: check --local-size 256 -DLEN=1048576
// id: race write_write line 7
// Stride 1 instead of the block size: threads' ranges overlap.
__kernel void copy(__global const int *in, __global int *out) {
  for (size_t i = get_local_id(0); i < LEN; i += 1) {
    out[i] = in[i];
  }
}
