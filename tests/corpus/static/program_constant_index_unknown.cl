// expect: unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: race approximation line 9
// The table's contents are not modelled, so an index read from it may be anything: two
// work-items may store to one cell (here they do: t and t + 4 both get table[t % 4]).
__constant int table[4] = {0, 1, 2, 3};
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[table[t % 4]] = t;
}
