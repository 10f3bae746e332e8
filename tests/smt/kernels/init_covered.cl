/* Every read of local and private memory reads a written cell: the thread's
 * own earlier store, a neighbour's store before the barrier, a private array
 * filled in a loop.  Expected: verified (no initialisation finding). */
__kernel void covered(__global const uint *in, __global uint *out) {
  __local uint tile[8];
  int mine[4];
  int lid = (int)get_local_id(0);
  for (int k = 0; k < 4; k++)
    mine[k] = lid + k;
  tile[lid] = in[lid] + mine[3];
  uint again = tile[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = again + tile[(lid + 1) & 7] + mine[lid & 3];
}
