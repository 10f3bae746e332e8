// expect: verified
// run: check --local-size 4 --num-groups 2
// A pointer that may be null, used only where it was tested; a helper returns
// a pointer into its argument; the kernel moves a parameter to its group's part.
// (The null pointer is compared with a pointer into a local array: a buffer
// parameter itself may be null, so comparing one with null is unknown.)
__global int *row_of(__global int *base, size_t group) {
  return base + group * get_local_size(0);
}

__kernel void checked(__global int *out, __global int *in, int use_in) {
  __local int staged[4];
  size_t t = get_local_id(0);
  __global int *mine = row_of(in, get_group_id(0));
  staged[t] = mine[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *src = use_in ? staged : 0;
  out += get_group_id(0) * get_local_size(0);
  if (src)
    out[t] = src[(t + 1) % 4];
  else
    out[t] = -1;
}
