// expect: violation race
// run: check --local-size 256 --num-groups 4
// id: race write_write line 10
// Compaction's scatter: correct only when the flagged elements' indices are
// distinct, which `--assume-distinct idx:flag` states (see tests/check).
__kernel void scatter(__global const int *in, __global const int *flag,
                      __global const int *idx, __global int *out) {
  size_t g = get_global_id(0);
  if (flag[g] != 0) {
    out[idx[g]] = in[g];
  }
}
