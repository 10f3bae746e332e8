// expect: unknown
// run: check --local_size=64 --num_groups=1 --assume-pure-calls
// id: race approximation line 10
// An index the function returns may be any value, a different one for each
// work-item and each call: two work-items may store to one cell, a possible
// race (unknown), never verified.
int pick(void);

__kernel void k(__global int *out) {
  out[pick() & 63] = get_local_id(0);
}
