// expect: violation race
// run: check --local_size=8 --num_groups=1 --assume-pure-calls
// id: race read_write line 10
// Evaluating an argument reads memory: work-item t reads in[t + 1], which
// work-item t + 1 writes, with no barrier between.
int noise(int x);

__kernel void k(__global int *in) {
  int t = get_local_id(0);
  int v = noise(in[t + 1]);
  in[t] = v;
}
