// expect: verified
// run: check --local-size 256 --num-groups 1 -DLEN=1048576 --array-size in=1048576 --array-size out=1048576
// Block-stride loop without barriers: thread t handles t, t+256, ...; the
// loop is analysed for all 4096 iterations at once (affine induction).
__kernel void copy(__global const int *in, __global int *out) {
  for (size_t i = get_local_id(0); i < LEN; i += get_local_size(0)) {
    out[i] = in[i];
  }
}
