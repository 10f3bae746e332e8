// expect: verified
// run: check --local-size 4 --num-groups 1
// The model is a 64-bit device (its verdict lists it under "model"): there
// sizeof(size_t) is 8 and every work-item writes its own cell.  On a device
// with 32-bit addresses every work-item would write buf[0]; checking for one
// (--pointer-bitwidth=32) is unknown, never verified (gv flags tests).
__kernel void k(__global int *out) {
  __local int buf[4];
  uint l = get_local_id(0);
  buf[sizeof(size_t) == 4 ? 0 : l] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = buf[l];
}
