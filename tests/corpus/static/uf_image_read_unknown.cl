// expect: unknown
// run: check --local-size 4 --num-groups 2
// id: execution unsupported_construct line 10
// Image built-ins are declared (the kernel parses) but not modelled: the
// verdict is unknown, naming read_imagef, rather than bad input.
const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                      CLK_FILTER_NEAREST;
__kernel void sample(__read_only image2d_t img, __global float *out) {
  int2 at = (int2)((int)get_global_id(0), 0);
  out[get_global_id(0)] = read_imagef(img, smp, at).x;
}
