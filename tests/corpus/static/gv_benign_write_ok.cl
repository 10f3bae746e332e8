// expect: verified
// run: check --local_size=8 --num_groups=2 --allow-benign-writes
// Every thread stores the same value to flag[0]: a data race under the OpenCL
// memory model, tolerated only because --allow-benign-writes asks for it
// (gv_benign_write_default.cl: the same kernel without it).
__kernel void k(__global int *flag, int seen) {
  if (seen > 0) {
    flag[0] = 1;
  }
}
