// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined undefined_operation line 10
// truth: `tile[t] = (tile[t] = t) + 1` writes tile[t] twice, the inner store unsequenced
//        with the outer one: undefined (C11 6.5p2), for every thread (thread 0 writes
//        tile[0] twice).  The assignment's own store was never compared with its operand's.
__kernel void twice_written(__global int *out) {
  __local int tile[4];
  int t = get_local_id(0);
  tile[t] = (tile[t] = t) + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = tile[3 - t];
}
