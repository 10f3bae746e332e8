// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: undefined division_by_zero line 7
// truth: t % (in[t] & 0) is undefined in every run (Oclgrind: unreachable instruction, PoCL: crash); Z3's total % made it t, a race-free index
__kernel void k(__global int *out, __global const int *in) {
  int t = get_global_id(0);
  out[t % (in[t] & 0)] = t;
}
