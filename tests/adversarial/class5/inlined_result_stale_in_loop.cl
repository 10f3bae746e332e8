// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined unassigned_variable line 8
// truth: f falls off its end in the loop's second iteration; the value used is undefined (on PoCL every work-item then stores to out[0], Oclgrind reports 63 write-write races), and must not be the first iteration's result
int f(int x, int t) { if (x < 1) return t + x * 1000; }
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  for (int i = 0; i < 2; i++) { out[f(i, t)] = i; }
}
