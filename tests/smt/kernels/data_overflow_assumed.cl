/* Signed arithmetic on values read from memory is assumed defined (a stated
 * model assumption); the same arithmetic on the thread id is checked.
 * Expected with --param big=0: verified; with big=1: an overflow on lid. */
__kernel void scale(__global int *data, int big) {
  int lid = (int)get_local_id(0);
  data[lid] = data[lid] * 65536 + 1;
  if (big)
    data[lid] = lid * 0x40000000 + 1;
}
