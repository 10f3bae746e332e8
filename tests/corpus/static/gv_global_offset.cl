// expect: unknown
// run: check --local_size=8 --num_groups=2 --global_offset=64
// id: execution unsupported_construct
// A nonzero global offset is not modelled: unknown, never a verdict for offset 0.
__kernel void k(__global int *out) {
  out[get_global_id(0) - 64] = 1;
}
