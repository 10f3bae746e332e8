// expect: verified
// run: check --local_size=8 --num_groups=4 --only-intra-group --no-inline
// Threads of different groups write p[t] alike; with --only-intra-group those
// pairs are not checked (and the verdict says so); cross_group_race.cl checks them.
__kernel void k(__global int *p) {
  p[get_local_id(0)] = (int)get_global_id(0);
}
