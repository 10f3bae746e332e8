// expect: violation
// run: verify --n 8
// veriscan: inclusive threads=n/2
// id: initialisation unwritten_cell line 14
// truth: an up-sweep that loads only the even elements of the tree (tmp[2*lid]) and then
//        combines tmp[2*lid] with tmp[2*lid+1]: the odd slots are read uninitialised.
//        On PoCL the fresh local memory is zero, which the old interval code read as (0,0).
__kernel void half_loaded(__global const TYPE *in, __global TYPE *out) {
  __local TYPE tmp[N];
  int lid = (int)get_local_id(0);
  tmp[2 * lid] = in[2 * lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[2 * lid] = tmp[2 * lid];
  out[2 * lid + 1] = OPERATOR(tmp[2 * lid], tmp[2 * lid + 1]);
}
