// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 9
// vstore3 packs 3 scalars per element (an int3 array would put them 4 cells
// apart): work-item 3 reads packed[15], which work-item 5 stores (cells 15..17).
__kernel void pack3(__global int *out) {
  __local int packed[40];
  size_t lid = get_local_id(0);
  vstore3((int3)(1, 2, 3), lid, packed);
  out[lid] = packed[4 * lid + 3];
}
