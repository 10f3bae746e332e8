// expect: verified
// run: check --local-size 4 --num-groups 2
// A pointer that may be null, used only where it was tested; a helper returns
// a pointer into its argument; the kernel moves a parameter to its group's part.
__global int *row_of(__global int *base, size_t group) {
  return base + group * get_local_size(0);
}

__kernel void checked(__global int *out, __global int *in, int use_in) {
  size_t t = get_local_id(0);
  __global int *src = use_in ? in : 0;
  out += get_group_id(0) * get_local_size(0);
  __global int *mine = row_of(in, get_group_id(0));
  if (src)
    out[t] = mine[t];
  else
    out[t] = -1;
}
