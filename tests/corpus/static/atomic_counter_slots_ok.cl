// expect: verified
// run: check --local-size 16 --num-groups 1
// Every work-item claims a slot with atomic_inc on a counter that nothing else
// changes after the reset (which a barrier orders first): increments of one
// cell return distinct values, so the slots are distinct.
__kernel void claim(__global int *slots) {
  __local int next;
  if (get_local_id(0) == 0) {
    next = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  slots[atomic_inc(&next)] = (int)get_local_id(0);
}
