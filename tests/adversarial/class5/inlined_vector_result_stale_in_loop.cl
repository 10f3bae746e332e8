// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined unassigned_variable line 8
// truth: as inlined_result_stale_in_loop.cl with an int2 result: Oclgrind reports out-of-bounds writes through the undefined lane
int2 f(int x, int t) { if (x < 1) return (int2)(t + x * 1000, 0); }
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  for (int i = 0; i < 2; i++) { int2 v = f(i, t); out[v.x] = i; }
}
