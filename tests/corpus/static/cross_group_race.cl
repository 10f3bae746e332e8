// expect: violation race
// run: check --local-size 64 --num-groups 4
// id: race write_write line 8
// Every group writes the same 64 elements: threads of different groups
// are never ordered by a barrier.
__kernel void fill(__global int *out) {
  size_t t = get_local_id(0);
  out[t] = (int)get_group_id(0);
}
