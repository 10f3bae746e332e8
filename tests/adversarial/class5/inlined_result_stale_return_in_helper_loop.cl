// expect: violation
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: undefined unassigned_variable line 6
// truth: f returns from inside its own loop only for x < 3; for x = 3 and 4 it falls off its end and s adds an undefined value
int f(int x) { for (int j = 0; j < 3; j++) { if (j == x) return 5; } }
__kernel void k(__global int *out) { int t = get_global_id(0); int s = 0; for (int i = 0; i < 5; i++) { s += f(i); } out[t] = s; }
