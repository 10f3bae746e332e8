// Every work-item but the first fills its slot of a local array; then each
// reads its right neighbour's slot, so work-item 63 reads slot 0, which nobody
// wrote. Race-free and in bounds (the static proof holds); the value is garbage.
__kernel void rotate(__global const int *in, __global int *out) {
  __local int buf[64];
  const uint t = get_local_id(0);
  if (t > 0)
    buf[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = buf[(t + 1) % 64];
}
