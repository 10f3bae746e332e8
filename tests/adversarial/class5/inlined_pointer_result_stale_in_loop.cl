// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size o2=64
// id: undefined undefined_operation line 8
// truth: the pointer f returns in the second iteration was never given a value
__global int *f(__global int *a, __global int *b, int x) { if (x < 1) return a; }
__kernel void k(__global int *out, __global int *o2) {
  int t = get_global_id(0);
  for (int i = 0; i < 2; i++) { f(out, o2, i)[t] = i; }
}
