// expect: violation
// run: check --local-size 4 --array-size out=4
// id: initialisation unwritten_cell line 8
// truth: a __local buffer passed as an argument is allocated by the host but never
//        initialised; thread 3 reads scratch[3] before anybody stores to it.
__kernel void scratchpad(__global int *out, __local int *scratch) {
  int lid = (int)get_local_id(0);
  int old = scratch[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[lid] = old + lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = scratch[lid];
}
