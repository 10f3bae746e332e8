// expect: violation race
// run: check --local_size=8 --num_groups=1 --allow-benign-writes
// id: race write_write line 8
// The tolerance covers equal values only: threads that store their own ids to
// one cell race, with an exact witness, beside a benign store of 0.
__kernel void k(__global int *out) {
  out[1] = 0;
  out[0] = (int)get_local_id(0) / 2;
}
