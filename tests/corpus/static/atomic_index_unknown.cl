// expect: unknown
// launch: --local-size 16 --num-groups 1
// The value an atomic returns is only "what was in memory": using it as an
// index cannot be proved race-free (that each work-item gets its own slot is
// a property of atomic_inc the model does not claim), nor shown to race.
__kernel void claim(__global int *slots) {
  __local int next;
  if (get_local_id(0) == 0) {
    next = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  slots[atomic_inc(&next)] = (int)get_local_id(0);
}
