// expect: violation race
// run: check --local_size=8 --num_groups=1 --allow-benign-writes
// id: race read_write line 6
// The tolerance is for write-write pairs: a read of the cell others write races.
__kernel void k(__global int *out) {
  out[0] = 5;
  out[1 + get_local_id(0)] = out[0];
}
