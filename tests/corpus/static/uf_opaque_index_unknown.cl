// expect: unknown
// run: check --local-size 8 --num-groups 1 --array-size out=8
// id: race approximation line 8
// A popcount used as an index: its value is only known as "a function of x",
// so the possible out-of-bounds store can be neither proved nor confirmed.
__kernel void by_bits(__global const uint *in, __global uint *out) {
  uint x = in[get_local_id(0)];
  out[popcount(x)] = x;
}
