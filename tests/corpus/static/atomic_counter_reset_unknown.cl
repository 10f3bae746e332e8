// expect: unknown
// run: check --local-size 16 --num-groups 1
// id: race approximation line 20
// The counter is reset between two rounds of increments, so a value of the
// first round can come back in the second: the two slots may collide.  The
// distinct-values fact does not hold across the reset, and is not used.
__kernel void two_rounds(__global int *slots) {
  __local int next;
  if (get_local_id(0) == 0) {
    next = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int first = atomic_inc(&next);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    next = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int second = atomic_inc(&next);
  slots[first] = 1;
  slots[second] = 2;
}
