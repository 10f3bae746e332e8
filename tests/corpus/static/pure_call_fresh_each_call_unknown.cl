// expect: unknown
// run: check --local_size=64 --num_groups=1 --assume-pure-calls --array-size=out=64
// id: race approximation line 12
// Two calls with the same arguments may return different values (the
// function may read a clock): the second index is not the first, so the
// stores may collide with another work-item's, a possible race.
int slot(int x);

__kernel void k(__global int *out) {
  int t = get_local_id(0);
  if (slot(t) == t)
    out[slot(t) & 63] = t;
}
