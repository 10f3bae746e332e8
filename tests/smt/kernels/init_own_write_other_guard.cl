// Each work-item reads back the cell it wrote, but only items below 32 wrote
// it: item 32 reads s[32] (the same index term as the write) uninitialised.
__kernel void own_write_other_guard(__global int *out) {
  __local int s[64];
  int t = get_local_id(0);
  if (t < 32) {
    s[t] = t;
  }
  out[t] = s[t];
}
