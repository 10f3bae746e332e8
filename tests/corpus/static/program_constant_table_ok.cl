// expect: verified
// run: check --local-size 64 --num-groups 1 --array-size out=64
// A program-scope __constant table: read-only, its contents any values of its type.
__constant int table[4] = {1, 2, 3, 4};
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[t] = table[t % 4];
}
